import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The connection's side of a load: the first message, then the task events the router hands
/// over (on the session's delegate queue), each turned into a message for the delegate.
extension URLConnection {
    private var mailbox: MessageMailbox? {
        state.withLock { $0.mailbox }
    }

    private var activeDelegate: ConnectionDelegateRole? {
        state.withLock { $0.activeDelegate }
    }

    /// The first message: asks the delegate about credential storage and the first request, then
    /// creates the task. Runs on the delivery target, so `willSend` precedes any traffic (C7).
    func beginLoading() {
        guard let delegate = activeDelegate else { return }
        let usesCredentialStorage = delegate.base?.connectionShouldUseCredentialStorage(self) ?? true
        var request = originalRequest
        if let dataDelegate = delegate.data {
            guard let chosen = dataDelegate.connection(self, willSend: request, redirectResponse: nil) else {
                return cancel()
            }
            request = chosen
        }
        guard Self.canHandle(request) else {
            return endWithFailure(URLError(.unsupportedURL), failingURL: request.url)
        }
        let readsCache = CacheReadPolicy.mayReadCache(for: request)
        if readsCache {
            CacheReadPolicy.evictStaleEntry(for: request, in: SessionHub.urlCache)
        }
        let route = SessionHub.shared.route(usesCredentialStorage: usesCredentialStorage, readsCache: readsCache)
        let sent = TimeoutInterval.backstop(for: request)
        let task = delegate.wantsDownload ? route.session.downloadTask(with: sent) : route.session.dataTask(with: sent)
        route.router.registry.register(self, for: task)
        let watchdog = request.timeoutInterval > 0
            ? TimeoutWatchdog(interval: request.timeoutInterval) { [weak self] in self?.loadTimedOut() } : nil
        let isLoading = state.withLock { state in
            state.currentRequest = request
            state.watchdog = watchdog
            return state.markLoading(task)
        }
        if isLoading {
            task.resume()
        } else {
            watchdog?.stop()
            route.router.registry.remove(task)
            task.cancel()
        }
    }

    /// The watchdog found the load idle for its timeout.
    private func loadTimedOut() {
        state.withLock { $0.timeOut() }?.cancel()
    }

    /// Restarts the idle interval — every task event counts as activity — and returns the
    /// mailbox if the delegate takes data-delegate messages, in one trip through the state lock.
    private func noteActivityForDataDelegate() -> MessageMailbox? {
        state.withLock { state in
            state.watchdog?.noteActivity()
            return state.activeDelegate?.data != nil ? state.mailbox : nil
        }
    }

    /// Calls one of URLSession's completion handlers for this connection's task — unless
    /// `cancel()` has cancelled that task. Linux's URLSession traps ("Received callback for HTTP
    /// redirection, but we're not waiting for it" in HTTPURLProtocol, "Received response
    /// disposition, but we're not waiting for it" in _NativeProtocol) when a redirect or response
    /// handler is called after the task's cancellation has reached its protocol, and a cancelled
    /// task needs no answer on any platform. Decided and called under the state lock, so a
    /// `cancel()` on another thread cannot slip between the check and the call; the handlers only
    /// enqueue work on the task's own queue, so nothing calls back into the shim inside the lock.
    func answerTask(_ answer: () -> Void) {
        state.withLock { state in
            guard !state.taskWasCancelled else { return }
            answer()
        }
    }

    func taskWillRedirect(response: HTTPURLResponse, to request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let mailbox = noteActivityForDataDelegate() else {
            state.withLock { $0.currentRequest = request }
            return answerTask { completionHandler(request) }
        }
        mailbox.post { [self] in
            let chosen = activeDelegate?.data?.connection(self, willSend: request, redirectResponse: response)
            state.withLock { state in
                guard !state.taskWasCancelled else { return }
                let followed = state.isActive ? chosen : nil
                if let followed {
                    state.currentRequest = followed
                }
                // Inside the lock for the reason `answerTask` gives.
                completionHandler(followed)
            }
        }
    }

    func taskDidReceive(_ challenge: URLAuthenticationChallenge, completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let sender = ChallengeSender(completionHandler: completionHandler) { [weak self] in
            self?.state.withLock { $0.authenticationWasCancelled = true }
        }
        let mailbox: MessageMailbox? = state.withLock { state in
            guard state.activeDelegate?.base != nil else { return nil }
            state.challengeSenders.append(sender)
            return state.mailbox
        }
        guard let mailbox else { return SessionEventQueue.answerChallenge { sender.performDefaultHandling(for: challenge) } }
        mailbox.post { [self] in
            guard let delegate = activeDelegate?.base else { return sender.abandon() }
            delegate.connection(self, willSendRequestFor: URLAuthenticationChallenge(authenticationChallenge: challenge, sender: sender))
        }
    }

    func taskNeedsNewBodyStream(completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        guard activeDelegate?.data != nil, let mailbox else { return completionHandler(nil) }
        mailbox.post { [self] in
            let stream = activeDelegate?.data?.connection(self, needNewBodyStream: currentRequest)
            if stream == nil {
                cancel()
            }
            completionHandler(stream)
        }
    }

    func taskDidSendBodyData(_ bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        noteActivityForDataDelegate()?.post { [self] in
            activeDelegate?.data?.connection(
                self, didSendBodyData: Int(bytesSent), totalBytesWritten: Int(totalBytesSent),
                totalBytesExpectedToWrite: Int(totalBytesExpectedToSend))
        }
    }

    func taskDidReceive(_ response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        // One trip through the state lock for everything the response changes or needs.
        let mailbox: MessageMailbox? = state.withLock { state in
            state.watchdog?.noteActivity()
            if Self.mayPrecedeChallenge(response) {
                state.heldResponse = (response, [])
                return nil
            }
            state.heldResponse = nil
            state.cacheCandidate = CacheCandidate(response: response, request: state.currentRequest, cache: SessionHub.urlCache)
            return state.activeDelegate?.data != nil ? state.mailbox : nil
        }
        guard let mailbox else { return answerTask { completionHandler(.allow) } }
        postResponse(response, to: mailbox, completionHandler: completionHandler)
    }

    /// The hot path: one trip through the state lock per piece of the body.
    func taskDidReceive(_ data: Data) {
        let mailbox: MessageMailbox? = state.withLock { state in
            state.watchdog?.noteActivity()
            if state.cacheCandidate?.append(data) == false {
                state.cacheCandidate = nil
            }
            if state.heldResponse != nil {
                state.heldResponse?.body.append(data)
                return nil
            }
            return state.activeDelegate?.data != nil ? state.mailbox : nil
        }
        mailbox.map { postData(data, to: $0) }
    }

    func taskWillCache(_ proposed: CachedURLResponse, completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
        state.withLock { $0.cacheCandidate = nil }
        guard activeDelegate?.data != nil, let mailbox else { return completionHandler(proposed) }
        mailbox.post { [self] in
            completionHandler(activeDelegate?.data?.connection(self, willCacheResponse: proposed))
        }
    }

    func taskDidWriteData(_ bytesWritten: Int64, totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        let mailbox: MessageMailbox? = state.withLock { state in
            state.watchdog?.noteActivity()
            return state.mailbox
        }
        mailbox?.post { [self] in
            activeDelegate?.download?.connection(
                self, didWriteData: bytesWritten, totalBytesWritten: totalBytesWritten,
                expectedTotalBytes: max(totalBytesExpectedToWrite, 0))
        }
    }

    /// URLSession deletes `location` when this returns, so the file is moved somewhere the
    /// delegate can still read it on its own thread; the shim deletes it after the delegate's call.
    func taskDidFinishDownloading(to location: URL) {
        let kept = FileManager.default.temporaryDirectory
            .appendingPathComponent("URLConnectionShim-\(UUID().uuidString)")
            .appendingPathExtension(location.pathExtension)
        do {
            try FileManager.default.moveItem(at: location, to: kept)
            state.withLock { $0.downloadedFile = kept }
        } catch {
            state.withLock { $0.downloadError = error }
        }
    }

    func taskDidComplete(error: Error?) {
        // One trip through the state lock for everything the completion reads.
        let (ending, mailbox, deliversData) = state.withLock { state in
            defer { state.heldResponse = nil }
            let ending = CompletionSnapshot(
                held: state.heldResponse, downloadedFile: state.downloadedFile, downloadError: state.downloadError,
                authenticationWasCancelled: state.authenticationWasCancelled, timedOut: state.timedOut,
                cacheCandidate: state.cacheCandidate, request: state.currentRequest)
            return (ending, state.mailbox, state.activeDelegate?.data != nil)
        }
        guard let mailbox else { return }
        if let held = ending.held, deliversData {
            postResponse(held.response, to: mailbox) { _ in }
            held.body.forEach { postData($0, to: mailbox) }
        }
        // A cancellation the delegate did not ask for, after a 401 was held, is how a load goes
        // on without a credential on Linux: the held 401 is the final response.
        let endedWithHeldResponse = ending.held != nil && !ending.authenticationWasCancelled && !ending.timedOut
            && (error as? URLError)?.code == .cancelled
        // The watchdog's cancellation is the timeout NSURLConnection would have reported.
        let reported = ending.timedOut ? URLError(.timedOut) : error ?? ending.downloadError
        if let error = reported, !endedWithHeldResponse {
            let normalized = ConnectionError.normalize(
                error, failingURL: ending.request.url, authenticationWasCancelled: ending.authenticationWasCancelled)
            mailbox.post { [self] in endWithFailure(normalized, failingURL: nil) }
            return
        }
        if let candidate = ending.cacheCandidate {
            offerToCache(candidate, for: ending.request, through: mailbox)
        }
        let downloadedFile = ending.downloadedFile
        mailbox.post { [self] in
            defer { downloadedFile.map { try? FileManager.default.removeItem(at: $0) } }
            guard let delegate = state.withLock({ $0.end(as: .finished) }) else { return }
            if let downloadDelegate = delegate.download, let downloadedFile {
                downloadDelegate.connectionDidFinishDownloading(self, destinationURL: downloadedFile)
            } else {
                delegate.data?.connectionDidFinishLoading(self)
            }
        }
    }

    /// Asks the delegate, as URLSession would have, then stores what it returns.
    private func offerToCache(_ candidate: CacheCandidate, for request: URLRequest, through mailbox: MessageMailbox) {
        mailbox.post { [self] in
            guard let delegate = activeDelegate else { return }
            let proposed = candidate.cachedResponse
            let chosen = delegate.data.map { $0.connection(self, willCacheResponse: proposed) } ?? proposed
            if let chosen {
                SessionHub.urlCache?.storeCachedResponse(chosen, for: request)
            }
        }
    }

    /// Sends the terminal failure from the delivery target; nothing if the connection already ended.
    private func endWithFailure(_ error: Error, failingURL: URL?) {
        guard let delegate = state.withLock({ $0.end(as: .failed) }) else { return }
        let normalized = failingURL == nil ? error : ConnectionError.normalize(error, failingURL: failingURL)
        delegate.base?.connection(self, didFailWithError: normalized)
    }

    private func postResponse(
        _ response: URLResponse, to mailbox: MessageMailbox,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        mailbox.post { [self] in
            activeDelegate?.data?.connection(self, didReceive: response)
            state.withLock { state in
                // A cancel that cancelled the task stops it; one before the task existed needs `.cancel`.
                // Inside the lock for the reason `answerTask` gives.
                guard !state.taskWasCancelled else { return }
                completionHandler(state.isActive ? .allow : .cancel)
            }
        }
    }

    private func postData(_ data: Data, to mailbox: MessageMailbox) {
        mailbox.post { [self] in
            activeDelegate?.data?.connection(self, didReceive: data)
        }
    }

    /// A 401 or 407 that names a scheme may be followed by a challenge and a final response.
    private static func mayPrecedeChallenge(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else { return false }
        switch http.statusCode {
        case 401: return http.value(forHTTPHeaderField: "WWW-Authenticate") != nil
        case 407: return http.value(forHTTPHeaderField: "Proxy-Authenticate") != nil
        default: return false
        }
    }
}

/// What a task's completion needs from the connection's state, read in one lock round trip.
private struct CompletionSnapshot {
    let held: (response: URLResponse, body: [Data])?
    let downloadedFile: URL?
    let downloadError: Error?
    let authenticationWasCancelled: Bool
    let timedOut: Bool
    let cacheCandidate: CacheCandidate?
    let request: URLRequest
}
