import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Variant (b): what the shim is measured against — hand-written URLSession data-task
/// delegate code on one long-lived session, routing events by task identifier.
final class RawSessionClient: BenchmarkClient, Sendable {
    let name = "raw"
    private let session: URLSession
    private let router: RawTaskRouter

    /// - Parameter pieceDelay: How long the delegate takes over each piece of a body.
    init(pieceDelay: TimeInterval = 0) {
        router = RawTaskRouter(pieceDelay: pieceDelay)
        // A nil delegate queue gives the session its own serial queue, as most apps have it.
        session = URLSession(configuration: .uncachedDefault, delegate: router, delegateQueue: nil)
    }

    func load(_ request: URLRequest, completion: @escaping @Sendable (LoadOutcome) -> Void) {
        let task = session.dataTask(with: request)
        router.track(task, completion: completion)
        task.resume()
    }
}

/// The shared session's delegate: per-task byte counts in one locked dictionary.
private final class RawTaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Sendable: `loads` is only touched while holding `lock`.
    private struct Load {
        var bytes = 0
        var statusCode = 0
        let completion: @Sendable (LoadOutcome) -> Void
    }

    private let lock = NSLock()
    private var loads: [Int: Load] = [:]
    private let pieceDelay: TimeInterval

    init(pieceDelay: TimeInterval) {
        self.pieceDelay = pieceDelay
    }

    func track(_ task: URLSessionTask, completion: @escaping @Sendable (LoadOutcome) -> Void) {
        lock.lock()
        loads[task.taskIdentifier] = Load(completion: completion)
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        loads[dataTask.taskIdentifier]?.statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        SlowDelegate.take(pieceDelay)
        lock.lock()
        loads[dataTask.taskIdentifier]?.bytes += data.count
        lock.unlock()
    }

    /// Declines: a 401 then ends the task (Linux's default handling without a credential never would).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let load = loads.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let load else { return }
        load.completion(LoadOutcome(bytes: load.bytes, statusCode: load.statusCode, error: error))
    }
}
