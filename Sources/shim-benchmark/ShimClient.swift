import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

/// Variant (a): NSURLConnection-style code on the shim — a data delegate per connection, its
/// messages delivered on one delegate OperationQueue, as a migrated app would set it up.
struct ShimClient: BenchmarkClient {
    let name = "shim"
    /// Serial like the raw session's delegate queue, so neither variant gets more parallelism
    /// for its callbacks than the other.
    private let deliveryQueue: OperationQueue
    /// How long the delegate takes over each piece of a body: 0, or a slow delegate's time.
    private let pieceDelay: TimeInterval

    init(pieceDelay: TimeInterval = 0) {
        self.pieceDelay = pieceDelay
        deliveryQueue = OperationQueue()
        deliveryQueue.name = "shim-benchmark.delegate"
        deliveryQueue.maxConcurrentOperationCount = 1
    }

    func load(_ request: URLRequest, completion: @escaping @Sendable (LoadOutcome) -> Void) {
        let delegate = ByteCountingConnectionDelegate(pieceDelay: pieceDelay, completion: completion)
        // Nobody keeps the connection: the shim retains a running connection itself (C18).
        let connection = URLConnection(request: request, delegate: delegate, startImmediately: false)
        connection?.setDelegateQueue(deliveryQueue)
        connection?.start()
    }
}

/// Counts the body's bytes and reports once at the end.
private final class ByteCountingConnectionDelegate: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
    // Sendable: the shim delivers one connection's messages serially (its MessageMailbox), so
    // `bytes` and `statusCode` are never touched concurrently; `completion` is immutable.
    private let completion: @Sendable (LoadOutcome) -> Void
    private let pieceDelay: TimeInterval
    private var bytes = 0
    private var statusCode = 0

    init(pieceDelay: TimeInterval, completion: @escaping @Sendable (LoadOutcome) -> Void) {
        self.pieceDelay = pieceDelay
        self.completion = completion
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        bytes = 0
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        SlowDelegate.take(pieceDelay)
        bytes += data.count
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        completion(LoadOutcome(bytes: bytes, statusCode: statusCode, error: nil))
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        completion(LoadOutcome(bytes: bytes, statusCode: statusCode, error: error))
    }
}
