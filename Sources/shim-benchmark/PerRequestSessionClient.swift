import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Variant (c): the naive migration — a new URLSession per request with the old delegate as its
/// delegate, told to finish its task and invalidate (which releases the delegate).
struct PerRequestSessionClient: BenchmarkClient {
    let name = "per-request"

    func load(_ request: URLRequest, completion: @escaping @Sendable (LoadOutcome) -> Void) {
        let delegate = SingleTaskDelegate(completion: completion)
        let session = URLSession(configuration: .uncachedDefault, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: request).resume()
        session.finishTasksAndInvalidate()
    }
}

/// The delegate of a one-task session: counts that task's bytes.
private final class SingleTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Sendable: only called on its session's serial delegate queue; `completion` is immutable.
    private let completion: @Sendable (LoadOutcome) -> Void
    private var bytes = 0
    private var statusCode = 0

    init(completion: @escaping @Sendable (LoadOutcome) -> Void) {
        self.completion = completion
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bytes += data.count
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        completion(LoadOutcome(bytes: bytes, statusCode: statusCode, error: error))
    }
}
