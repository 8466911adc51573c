import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The legacy `FeedLoader` rewritten on URLSession's own delegates — the end state of the
/// migration that ConnectionToShim starts. One loader owns one session for all its loads.
///
/// The NSURLConnection message each method replaces:
/// - `willSend(_:redirectResponse:)` → `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`
///   (only for redirects: URLSession has no call for the first request)
/// - `willSendRequestFor challenge` → `urlSession(_:task:didReceive:completionHandler:)`
/// - `didReceive response` → `urlSession(_:dataTask:didReceive:completionHandler:)`, which
///   must call `completionHandler(.allow)` or, on Apple platforms, no data and no completion
///   ever arrive (rule response-completion-not-called)
/// - `didReceive data` → `urlSession(_:dataTask:didReceive:)`
/// - `connectionDidFinishLoading` / `didFailWithError` → `urlSession(_:task:didCompleteWithError:)`
final class FeedLoader: NSObject, @unchecked Sendable {
    // Sendable: every property is touched only on the main thread — by the sample, and by the
    // delegate methods, which run on `delegateQueue: .main`.

    /// Per-load results, keyed by task identifier (one session serves every load).
    final class Load {
        let path: String
        var receivedData = Data()
        var statusCodes: [Int] = []
        var redirectCount = 0
        var challengeCount = 0
        var error: NSError?
        var isDone = false

        init(path: String) {
            self.path = path
        }
    }

    private(set) var session: URLSession!
    private var loads: [Int: Load] = [:]
    var user: String?
    var password: String?
    /// Callbacks that arrived off the main thread; the legacy UI code would crash there.
    private(set) var offMainThreadCallbacks: [String] = []
    private(set) var sessionInvalidated = false

    override init() {
        super.init()
        // `.main` keeps NSURLConnection's promise of main-thread callbacks (seed 004); the
        // default (nil) would call back on a private queue. On Linux `OperationQueue.main` runs
        // only while the main thread runs its run loop.
        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: .main)
    }

    func load(_ url: URL) -> Load {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.setValue("FeedLoader/3.0", forHTTPHeaderField: "User-Agent")
        let task = session.dataTask(with: request)
        let load = Load(path: url.path)
        loads[task.taskIdentifier] = load
        task.resume()
        return load
    }

    /// Lets running tasks finish, then releases the session and, with it, this delegate.
    func finish() {
        session.finishTasksAndInvalidate()
    }

    private func log(_ callback: String, _ detail: String) {
        if !Thread.isMainThread {
            offMainThreadCallbacks.append(callback)
        }
        print("   → \(callback): \(detail) [\(Thread.isMainThread ? "main thread" : "OFF MAIN")]")
    }
}

// MARK: URLSessionDelegate

extension FeedLoader: URLSessionDelegate {
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?) {
        log("didBecomeInvalidWithError", error.map { "\($0)" } ?? "nil (finishTasksAndInvalidate)")
        sessionInvalidated = true
    }
}

// MARK: URLSessionTaskDelegate

extension FeedLoader: URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        loads[task.taskIdentifier]?.redirectCount += 1
        log("willPerformHTTPRedirection", "\(request.url?.path ?? "?") (redirected by \(response.statusCode))")
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        log("didReceive challenge", "\(challenge.protectionSpace.authenticationMethod), realm \(challenge.protectionSpace.realm ?? "-")")
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic else {
            // Server trust and the rest: let the system evaluate them (never trust blindly).
            completionHandler(.performDefaultHandling, nil)
            return
        }
        loads[task.taskIdentifier]?.challengeCount += 1
        if challenge.previousFailureCount == 0, let user, let password {
            completionHandler(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let load = loads.removeValue(forKey: task.taskIdentifier) else { return }
        if let error {
            load.error = error as NSError
            log("didCompleteWithError", "\(load.error!.code) \"\(error.localizedDescription)\"")
        } else {
            log("didCompleteWithError", "nil — finished, \(load.receivedData.count) bytes in all")
        }
        load.isDone = true
    }
}

// MARK: URLSessionDataDelegate

extension FeedLoader: URLSessionDataDelegate {
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        loads[dataTask.taskIdentifier]?.statusCodes.append(status)
        loads[dataTask.taskIdentifier]?.receivedData.removeAll()
        log("didReceive response", "HTTP \(status)")
        // Without this, Apple's URLSession never delivers data or completion (Linux's goes on).
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        loads[dataTask.taskIdentifier]?.receivedData.append(data)
        log("didReceive data", "\(data.count) bytes")
    }
}
