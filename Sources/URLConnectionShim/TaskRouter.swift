import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of one shim session: finds the connection a task event belongs to by task
/// identifier and hands the event to it. Runs on the session's delegate queue, a
/// `SessionEventQueue`: on Linux, inline on the session's serial work queue.
///
/// Tasks the registry no longer knows (their connection was cancelled) get URLSession's default
/// behaviour.
/// Every response's cookies are stored (`CookieAcceptance`) before it is routed.
final class TaskRouter: NSObject, Sendable {
    let registry = TaskRegistry()
    let flowControl = SessionFlowControl()

    /// Whether a connection's wait in the event thread would hold up anything else of the session.
    var isShared: Bool {
        registry.count > 1 || flowControl.hasPendingWork
    }
}

// MARK: URLSessionTaskDelegate

extension TaskRouter: URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let connection = registry.connection(for: task) else { return completionHandler(request) }
        connection.taskWillRedirect(response: response, to: request, completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let connection = registry.connection(for: task) else {
            return SessionEventQueue.leaveWorkQueue { completionHandler(.performDefaultHandling, nil) }
        }
        connection.taskDidReceive(challenge, completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        guard let connection = registry.connection(for: task) else { return completionHandler(nil) }
        connection.taskNeedsNewBodyStream(completionHandler: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        registry.connection(for: task)?.taskDidSendBodyData(
            bytesSent, totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        registry.remove(task)?.taskDidComplete(error: error, response: task.response)
    }
}

// MARK: URLSessionDataDelegate

extension TaskRouter: URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // Every response, a redirect's included, before its connection or a next request sees it.
        CookieAcceptance.store(from: response, to: dataTask.currentRequest, answeringFrom: session.configuration.urlCache)
        guard let connection = registry.connection(for: dataTask) else { return completionHandler(.allow) }
        connection.taskDidReceive(response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        registry.connection(for: dataTask)?.taskDidReceive(data)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        guard let connection = registry.connection(for: dataTask) else { return completionHandler(proposedResponse) }
        connection.taskWillCache(proposedResponse, completionHandler: completionHandler)
    }
}
