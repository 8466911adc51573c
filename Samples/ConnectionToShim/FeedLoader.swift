import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

/// The legacy `FeedLoader` (Samples/Legacy/FeedLoader.m, in Swift) after the renames alone:
/// `NSURLConnection` → `URLConnection`, `NSURLConnectionDataDelegate` →
/// `URLConnectionDataDelegate`, plus `import URLConnectionShim`. Every method body is as it was.
///
/// Like the original it assumes its messages arrive on the main thread (it would update the UI
/// there); it records any that do not, so the sample can prove the shim keeps that promise (C6).
final class FeedLoader: NSObject, URLConnectionDataDelegate {
    var connection: URLConnection?
    var receivedData = Data()
    var statusCode = 0
    var redirectCount = 0
    var challengeCount = 0
    var error: NSError?
    var isDone = false
    var user: String?
    var password: String?
    /// Callbacks that arrived off the main thread; legacy code would have crashed in UIKit.
    var offMainThreadCallbacks: [String] = []

    func load(_ url: URL) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.setValue("FeedLoader/2.3", forHTTPHeaderField: "User-Agent")
        connection = URLConnection(request: request, delegate: self)
    }

    private func log(_ callback: String, _ detail: String) {
        if !Thread.isMainThread {
            offMainThreadCallbacks.append(callback)
        }
        print("   → \(callback): \(detail) [\(Thread.isMainThread ? "main thread" : "OFF MAIN")]")
    }

    // MARK: NSURLConnectionDataDelegate

    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        if let redirect = response as? HTTPURLResponse {
            redirectCount += 1
            log("willSend", "\(request.url?.path ?? "?") (redirected by \(redirect.statusCode))")
        } else {
            log("willSend", "\(request.url?.path ?? "?") (first request)")
        }
        return request
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        // A response can be followed by another (multipart, auth retry): start the body afresh.
        receivedData.removeAll()
        log("didReceive response", "HTTP \(statusCode)")
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        receivedData.append(data)
        log("didReceive data", "\(data.count) bytes")
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        log("connectionDidFinishLoading", "\(receivedData.count) bytes in all")
        self.connection = nil
        isDone = true
    }

    // MARK: NSURLConnectionDelegate

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        self.error = error as NSError
        log("didFailWithError", "\(self.error!.code) \"\(error.localizedDescription)\"")
        self.connection = nil
        isDone = true
    }

    func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        challengeCount += 1
        log("willSendRequestFor challenge", "\(challenge.protectionSpace.authenticationMethod), realm \(challenge.protectionSpace.realm ?? "-")")
        if challenge.previousFailureCount == 0, let user, let password {
            challenge.sender?.use(URLCredential(user: user, password: password, persistence: .forSession), for: challenge)
        } else {
            challenge.sender?.cancel(challenge)
        }
    }
}
