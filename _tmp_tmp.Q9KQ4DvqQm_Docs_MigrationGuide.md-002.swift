// Docs/MigrationGuide.md block 2
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class SessionFeedLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Sendable: all state is touched on the session's delegate queue (main) only.
    private var body = Data()
    private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)
    var onFinish: ((Data) -> Void)?

    func start(_ url: URL) {
        session.dataTask(with: url).resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        body = Data()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        body.append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if (error as? URLError)?.code == .cancelled { return }
        if error == nil { onFinish?(body) }
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }
}
