import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLConnection {
    /// Loads `request` and blocks the calling thread until it completes.
    ///
    /// Works on any thread or queue, including the main thread with no run loop running: the
    /// load's messages run on a private queue. The body is returned for every HTTP status, 4xx
    /// and 5xx included.
    ///
    /// - Parameters:
    ///   - request: The request to load.
    ///   - response: Receives the final response, or nil when none arrived.
    /// - Returns: The body.
    /// - Throws: An `NSURLErrorDomain` error with NSURLConnection's code and failing URL.
    public static func sendSynchronousRequest(_ request: URLRequest, returning response: UnsafeMutablePointer<URLResponse?>?) throws -> Data {
        let outcome = Locked<(response: URLResponse?, data: Data?, error: Error?)>((nil, nil, nil))
        let done = DispatchSemaphore(value: 0)
        load(request, queue: OperationQueue()) { loadedResponse, data, error in
            outcome.withLock { $0 = (loadedResponse, data, error) }
            done.signal()
        }
        done.wait()
        let (loadedResponse, data, error) = outcome.withLock { $0 }
        response?.pointee = loadedResponse
        if let error {
            throw error
        }
        return data ?? Data()
    }

    /// Loads `request` and calls `handler` once, as an operation on `queue`: with the response
    /// and body on success; with the response (if one arrived), nil and the error on failure.
    /// The shim retains `handler` until it has been called.
    public static func sendAsynchronousRequest(
        _ request: URLRequest, queue: OperationQueue,
        completionHandler handler: @escaping @Sendable (URLResponse?, Data?, Error?) -> Void
    ) {
        load(request, queue: queue, completion: handler)
    }

    private static func load(_ request: URLRequest, queue: OperationQueue, completion: @escaping @Sendable (URLResponse?, Data?, Error?) -> Void) {
        let connection = URLConnection(request: request, delegate: ResponseCollector(completion: completion), startImmediately: false)
        connection?.setDelegateQueue(queue)
        connection?.start()
    }
}
