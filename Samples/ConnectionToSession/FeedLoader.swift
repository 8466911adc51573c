import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `FeedLoader` of ConnectionToShim on URLSession's own delegates, as
/// `migrate-scan --fix --to urlsession` writes it (only the comments differ; a test checks that):
/// every body is the shim version's, each message goes to its URLSession counterpart, and the
/// members under the last MARK give the class one session on the main queue, invalidated after
/// its last task.
///
/// Like the original it assumes its messages arrive on the main thread (it would update the UI
/// there); it records any that do not, so the sample can prove the session keeps that promise.
final class FeedLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Sendable: unchecked, as NSURLConnection's delegates were: the state is confined to the session's delegate queue.
    var connection: URLSessionDataTask?
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
        connection = startedSessionDataTask(with: request)
    }

    private func log(_ callback: String, _ detail: String) {
        if !Thread.isMainThread {
            offMainThreadCallbacks.append(callback)
        }
        print("   → \(callback): \(detail) [\(Thread.isMainThread ? "main thread" : "OFF MAIN")]")
    }

    // MARK: URLSessionTaskDelegate, URLSessionDataDelegate (were NSURLConnectionDataDelegate)

    func sessionWillSend(_ request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        if let redirect = response as? HTTPURLResponse {
            redirectCount += 1
            log("willSend", "\(request.url?.path ?? "?") (redirected by \(redirect.statusCode))")
        } else {
            log("willSend", "\(request.url?.path ?? "?") (first request)")
        }
        return request
    }

    func urlSession(_ session: URLSession, dataTask connection: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        defer { completionHandler(connection.state == .canceling ? .cancel : .allow) }
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        // A response can be followed by another (multipart, auth retry): start the body afresh.
        receivedData.removeAll()
        log("didReceive response", "HTTP \(statusCode)")
    }

    func urlSession(_ session: URLSession, dataTask connection: URLSessionDataTask, didReceive data: Data) {
        receivedData.append(data)
        log("didReceive data", "\(data.count) bytes")
    }

    func urlSession(_ session: URLSession, task connection: URLSessionTask, didCompleteWithError error: Error?) {
        let error = sessionChallengeError(of: connection, error)
        if sessionTaskDidEndCancelled(error) {
            return
        }
        if let error = error {
            self.error = error as NSError
            log("didFailWithError", "\(self.error!.code) \"\(error.localizedDescription)\"")
            self.connection = nil
            isDone = true
        } else {
            log("connectionDidFinishLoading", "\(receivedData.count) bytes in all")
            self.connection = nil
            isDone = true
        }
    }

    // MARK: URLSessionTaskDelegate (was NSURLConnectionDelegate)

    func urlSession(_ session: URLSession, task connection: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let answerChallenge = sessionChallengeAnswer(to: challenge, of: connection, completionHandler)
        challengeCount += 1
        log("willSendRequestFor challenge", "\(challenge.protectionSpace.authenticationMethod), realm \(challenge.protectionSpace.realm ?? "-")")
        if challenge.previousFailureCount == 0, let user, let password {
            answerChallenge(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
        } else {
            answerChallenge(.cancelAuthenticationChallenge, nil)
        }
    }

    // MARK: URLSession (migrate-scan --fix --to urlsession)

    /// The one session of this object's tasks. It is created with the queue NSURLConnection
    /// delivered on: the main queue when the first task starts on the main thread (whose run
    /// loop delivered a connection started there), a serial queue of the session's own otherwise.
    /// A session retains its delegate until it is invalidated, which happens after its last task ends.
    private var connectionSession: URLSession?
    private var connectionSessionTaskCount = 0

    /// A task of the session, not started: `resume()` starts it, as `start()` started the
    /// connection. Optional as the connection's failable initialiser was.
    private func suspendedSessionDataTask(with request: URLRequest) -> URLSessionDataTask? {
        // NSURLConnection asked about the first request too, with no redirect response;
        // a nil answer ended the load without a message.
        guard var request = sessionWillSend(request, redirectResponse: nil) else {
            return nil
        }
        // swift-corelibs-foundation ignores the timeout of a request bridged from
        // NSMutableURLRequest until it is set on the URLRequest value itself.
        request.timeoutInterval = request.timeoutInterval
        if connectionSession == nil {
            connectionSession = URLSession(configuration: .default, delegate: self,
                                           delegateQueue: Thread.isMainThread ? OperationQueue.main : nil)
        }
        connectionSessionTaskCount += 1
        return connectionSession?.dataTask(with: request)
    }

    /// A task already started, as a connection created with `startImmediately` true was.
    private func startedSessionDataTask(with request: URLRequest) -> URLSessionDataTask? {
        let task = suspendedSessionDataTask(with: request)
        task?.resume()
        return task
    }

    /// Ends the session after its last task and says whether the task was cancelled:
    /// NSURLConnection's `cancel()` told its delegate nothing, URLSession's reports
    /// NSURLErrorCancelled, which this class keeps silent.
    private func sessionTaskDidEndCancelled(_ error: Error?) -> Bool {
        connectionSessionTaskCount -= 1
        if connectionSessionTaskCount == 0 {
            connectionSession?.finishTasksAndInvalidate()
            connectionSession = nil
        }
        guard let error = error as NSError? else { return false }
        return error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled
    }

    /// Tasks whose challenge the class cancelled, and (on Linux) tasks that go on without a credential.
    private var sessionTasksCancellingChallenge: Set<Int> = []
    private var sessionTasksGoingOnWithoutCredential: Set<Int> = []

    /// Answers a challenge of `task` as NSURLConnection's challenge sender did: the first
    /// answer counts, later ones do nothing (URLSession's handler may be called once only).
    /// On Linux the 401 and its body reach this class before the challenge, which
    /// NSURLConnection (and the shim) never showed: a body that counts responses sees one more.
    private func sessionChallengeAnswer(to challenge: URLAuthenticationChallenge, of task: URLSessionTask,
                                        _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
        -> (URLSession.AuthChallengeDisposition, URLCredential?) -> Void {
        var answered = false
        return { disposition, credential in
            guard !answered else { return }
            answered = true
            if disposition == .cancelAuthenticationChallenge {
                self.sessionTasksCancellingChallenge.insert(task.taskIdentifier)
            }
            #if canImport(FoundationNetworking)
            // swift-corelibs-foundation traps on .useCredential without a credential, cancels the
            // task on .rejectProtectionSpace and stalls on .performDefaultHandling without a proposed
            // one. It has delivered the 401 and its body already: the task stops, and that is its finish.
            if credential == nil && disposition != .cancelAuthenticationChallenge
                && (disposition != .performDefaultHandling || challenge.proposedCredential == nil) {
                self.sessionTasksGoingOnWithoutCredential.insert(task.taskIdentifier)
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            }
            #endif
            completionHandler(disposition, credential)
        }
    }

    /// The error NSURLConnection reported where URLSession reports `error`: a challenge the class
    /// cancelled failed the connection with NSURLErrorUserCancelledAuthentication, not a silent
    /// cancellation; a task that went on without a credential on Linux finished.
    private func sessionChallengeError(of task: URLSessionTask, _ error: Error?) -> Error? {
        if sessionTasksGoingOnWithoutCredential.remove(task.taskIdentifier) != nil {
            return nil
        }
        guard sessionTasksCancellingChallenge.remove(task.taskIdentifier) != nil, let error = error as NSError?,
              error.domain == NSURLErrorDomain, error.code == NSURLErrorCancelled else { return error }
        var userInfo = error.userInfo
        userInfo[NSLocalizedDescriptionKey] = "The operation couldn’t be completed. (NSURLErrorDomain error -1012.)"
        return NSError(domain: NSURLErrorDomain, code: NSURLErrorUserCancelledAuthentication, userInfo: userInfo)
    }

    /// Each redirect goes to the redirect body as NSURLConnection sent it; a nil answer
    /// delivers the redirect response as the final one.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(sessionWillSend(request, redirectResponse: response))
    }
}
