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
        let watchdog = request.timeoutInterval > 0
            ? TimeoutWatchdog(interval: request.timeoutInterval) { [weak self] in self?.loadTimedOut() } : nil
        state.withLock { state in
            state.usesCredentialStorage = usesCredentialStorage
            state.watchdog = watchdog
        }
        startTask(for: request, wantsDownload: delegate.wantsDownload)
    }

    /// Has the task that sends `request` created and resumed: the first one, or the one following
    /// a redirect. Called on the delivery target, after the delegate's `willSend` (C7); the task is
    /// made on its session's `TaskStartLanes`, never on the delivery target or URLSession's work
    /// queue (`dataTask(with:)` and `resume()` wait for it). The task's events reach the delegate
    /// after this message, and a `cancel()` before the task exists cancels it as soon as it does
    /// (`markLoading`).
    func startTask(for request: URLRequest, wantsDownload: Bool) {
        guard Self.canHandle(request) else {
            return endWithFailure(URLError(.unsupportedURL), failingURL: request.url)
        }
        if let fault = RequestFieldCheck.fault(in: request) {
            return endWithFailure(fault, failingURL: request.url)
        }
        let usesCredentialStorage = state.withLock { state in
            state.currentRequest = request
            return state.usesCredentialStorage
        }
        let download: DownloadFile?
        do {
            download = wantsDownload ? try DownloadFile() : nil
        } catch {
            return endWithFailure(error, failingURL: request.url)
        }
        let readsCache = CacheReadPolicy.mayReadCache(for: request)
        SessionHub.shared.route(usesCredentialStorage: usesCredentialStorage, readsCache: readsCache).taskStarts.async { [self] in
            createAndResumeTask(for: request, usesCredentialStorage: usesCredentialStorage, readsCache: readsCache, download: download)
        }
    }

    /// Makes and resumes a data task — for a download delegate too, whose body the shim writes to
    /// `download` itself (see `DownloadFile` for why not a download task).
    private func createAndResumeTask(for request: URLRequest, usesCredentialStorage: Bool, readsCache: Bool, download: DownloadFile?) {
        if readsCache {
            CacheWriter.shared.waitUntilStored(request)
            CacheReadPolicy.evictStaleEntry(for: request, in: SessionHub.urlCache)
        }
        // The route again, as the task is made: protocol classes registered while this start waited
        // on its lane retire the session it was queued for.
        let (task, route) = SessionHub.shared.makeDataTask(
            with: TimeoutInterval.backstop(for: request), usesCredentialStorage: usesCredentialStorage, readsCache: readsCache)
        route.router.registry.register(self, for: task)
        let isLoading = state.withLock { state in
            guard state.markLoading(task) else { return false }
            state.downloadFile = download
            return true
        }
        if isLoading {
            task.resume()
        } else {
            route.router.registry.remove(task)
            task.cancel()
            download?.discard()
        }
    }

    /// The watchdog found the load idle for its timeout.
    private func loadTimedOut() {
        let (task, gate) = state.withLock { state in (state.timeOut(), state.flow.takeGate()) }
        gate?.open()
        task?.cancel()
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

    /// URLSession met a redirect. The shim builds the next request itself (`RedirectRule`), lets
    /// the delegate's `willSend` accept, change or refuse it (C12), and follows an accepted one
    /// with a task of its own: URLSession is told not to follow, finishes the redirect response
    /// (which the shim does not deliver), and `taskDidComplete` starts the next task. Linux's
    /// URLSession would send the body-less copy it builds, and after a challenge it sends the
    /// credential's request to the original URL again, whatever the redirect said.
    func taskWillRedirect(response: HTTPURLResponse, to proposed: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let (mailbox, asksDelegate, next) = state.withLock { state in
            state.watchdog?.noteActivity()
            let next = RedirectRule.request(after: response, from: state.currentRequest, to: proposed.url)
            return (state.mailbox, state.activeDelegate?.data != nil, next)
        }
        guard let mailbox, asksDelegate else {
            return follow(next, completionHandler: completionHandler)
        }
        mailbox.post { [self] in
            let chosen = activeDelegate?.data?.connection(self, willSend: next, redirectResponse: response)
            follow(chosen, completionHandler: completionHandler)
        }
    }

    /// Tells URLSession not to follow the redirect itself; remembers `request` for
    /// `taskDidComplete` unless the delegate refused it (nil: the redirect response is final).
    private func follow(_ request: URLRequest?, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        state.withLock { state in
            guard !state.taskWasCancelled else { return }
            // Inside the lock for the reason `answerTask` gives.
            guard state.isActive, let request else { return completionHandler(nil) }
            state.currentRequest = request
            state.pendingRedirect = request
            completionHandler(nil)
        }
    }

    /// Starts the task for a redirect accepted in `taskWillRedirect`. A body stream was read by
    /// the previous request, so the delegate is asked for a fresh one, as NSURLConnection asked;
    /// without one the load fails with -1021 rather than send the request without its body.
    private func followPendingRedirect(through mailbox: MessageMailbox) {
        mailbox.post { [self] in
            guard let delegate = activeDelegate else { return }
            guard var next = state.withLock({ $0.takePendingRedirect() }) else {
                // The watchdog fired after the redirect's task had ended: no task is left to cancel,
                // so the timeout is reported here.
                return endWithFailure(URLError(.timedOut), failingURL: currentRequest.url)
            }
            if state.withLock({ $0.redirectLimitReached }) {
                return endWithFailure(URLError(.httpTooManyRedirects), failingURL: next.url)
            }
            if next.httpBodyStream != nil {
                guard let stream = delegate.data?.connection(self, needNewBodyStream: next) else {
                    return endWithFailure(URLError(.requestBodyStreamExhausted), failingURL: next.url)
                }
                next.httpBodyStream = stream
            }
            startTask(for: next, wantsDownload: delegate.wantsDownload)
        }
    }

    func taskDidReceive(_ challenge: URLAuthenticationChallenge, completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let sender = ChallengeSender(completionHandler: completionHandler) { [weak self] in
            self?.state.withLock { $0.authenticationWasCancelled = true }
        }
        let (mailbox, declines) = state.withLock { state -> (MessageMailbox?, Bool) in
            // The 401 this challenge is about was delivered as the final response (C14b): the
            // delegate has seen the response and its body, so it is not asked any more.
            if state.challengeResponseWasDelivered { return (nil, true) }
            guard state.activeDelegate?.base != nil else { return (nil, false) }
            state.challengeSenders.append(sender)
            return (state.mailbox, false)
        }
        if declines {
            return SessionEventQueue.leaveWorkQueue { sender.abandon() }
        }
        guard let mailbox else { return SessionEventQueue.leaveWorkQueue { sender.performDefaultHandling(for: challenge) } }
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
            let expected = UploadLength.expected(reported: totalBytesExpectedToSend, for: currentRequest)
            activeDelegate?.data?.connection(
                self, didSendBodyData: Int(bytesSent), totalBytesWritten: Int(totalBytesSent), totalBytesExpectedToWrite: expected)
        }
    }

    func taskDidReceive(_ response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, (100..<200).contains(http.statusCode) {
            // An interim response (100 Continue, 102 Processing, 103 Early Hints): NSURLConnection
            // delivered only the final one (C31).
            return answerTask { completionHandler(.allow) }
        }
        if let fault = ResponseFraming.fault(in: response) {
            // The task is cancelled: its handler must not be called (see `answerTask`).
            return abortTask(with: fault)
        }
        // One trip through the state lock for everything the response changes or needs.
        let mailbox: MessageMailbox? = state.withLock { state in
            state.watchdog?.noteActivity()
            state.responseWasReceived = true
            // The redirect response of a redirect the shim follows itself is not delivered.
            if state.pendingRedirect != nil {
                return nil
            }
            if HeldChallengeResponse.mayPrecedeChallenge(response) {
                state.heldResponse = HeldChallengeResponse(response)
                return nil
            }
            state.heldResponse = nil
            if let file = state.downloadFile {
                // A download's body goes to its file only, never to the URL cache.
                file.expect(response)
            } else {
                state.cacheCandidate = CacheCandidate(response: response, request: state.currentRequest, cache: SessionHub.urlCache)
            }
            return state.activeDelegate?.data != nil ? state.mailbox : nil
        }
        guard let mailbox else { return answerTask { completionHandler(.allow) } }
        postResponse(response, to: mailbox, completionHandler: completionHandler)
    }

    /// The hot path: one trip through the state lock per piece of the body, and a wait at the
    /// connection's `FlowGate` when its delegate has fallen too far behind (C29). A download
    /// delegate's body goes to its file instead, at once, so nothing waits.
    func taskDidReceive(_ data: Data) {
        let delivery: DataDelivery? = state.withLock { state in
            state.watchdog?.noteActivity()
            if state.pendingRedirect != nil {
                return nil
            }
            if state.cacheCandidate?.append(data) == false {
                state.cacheCandidate = nil
            }
            if state.heldResponse?.hold(data) == true {
                return nil
            }
            let released = state.heldResponse
            if released != nil {
                // Past the limit (C14b): the 401 becomes the final response, its body flows on.
                state.heldResponse = nil
                state.challengeResponseWasDelivered = true
            }
            // After an abort the rest of the body is dropped until the cancellation ends the task.
            guard state.isActive, state.abortError == nil, let mailbox = state.mailbox else { return nil }
            if let file = state.downloadFile {
                return DataDelivery(mailbox: mailbox, gate: nil, released: released, file: file)
            }
            guard state.activeDelegate?.data != nil else { return nil }
            if let released {
                _ = state.flow.queue(released.byteCount)
            }
            return DataDelivery(mailbox: mailbox, gate: state.flow.queue(data.count), released: released, file: nil)
        }
        guard let delivery else { return }
        if let file = delivery.file {
            do {
                try write(delivery.released, then: [data], to: file, reportingTo: delivery.mailbox)
            } catch {
                abortTask(with: error)
            }
            return
        }
        if let released = delivery.released {
            postResponse(released.response, to: delivery.mailbox) { _ in }
            released.body.forEach { postData($0, to: delivery.mailbox) }
        }
        postData(data, to: delivery.mailbox)
        if let gate = delivery.gate {
            waitForDelivery(at: gate)
        }
    }

    /// Cancels the task for a reason of the shim's own; the task's completion reports `error`.
    private func abortTask(with error: Error) {
        if let task = state.withLock({ $0.abortTask(error) }) {
            SessionEventQueue.leaveWorkQueue { task.cancel() }
        }
    }

    /// Holds URLSession's event thread until the delegate has caught up, for as long as it makes
    /// progress (see `DeliveryFlow`).
    private func waitForDelivery(at gate: FlowGate) {
        var delivered = state.withLock { $0.flow.delivered }
        while !gate.wait(timeout: DeliveryFlow.patience) {
            let (progressed, now) = state.withLock { state in
                (state.isActive && state.flow.delivered != delivered, state.flow.delivered)
            }
            guard progressed else {
                state.withLock { $0.flow.markStalled() }?.open()
                return
            }
            delivered = now
        }
    }

    func taskWillCache(_ proposed: CachedURLResponse, completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
        let isNotCached = state.withLock { state in
            state.cacheCandidate = nil
            return state.pendingRedirect != nil || state.downloadFile != nil
        }
        if isNotCached {
            return completionHandler(nil)
        }
        guard activeDelegate?.data != nil, let mailbox else { return completionHandler(proposed) }
        mailbox.post { [self] in
            completionHandler(activeDelegate?.data?.connection(self, willCacheResponse: proposed))
        }
    }

    /// Appends a held 401's body, when it became the final response (its length then the expected
    /// one), and then `data` to a download delegate's file, and reports the progress.
    private func write(
        _ held: HeldChallengeResponse?, then data: [Data], to file: DownloadFile, reportingTo mailbox: MessageMailbox
    ) throws {
        if let held {
            file.expect(held.response)
        }
        let pieces = (held?.body ?? []) + data
        guard !pieces.isEmpty else { return }
        var written: Int64 = 0
        for piece in pieces {
            try file.append(piece)
            written += Int64(piece.count)
        }
        let (total, expected) = (file.byteCount, file.expectedByteCount)
        mailbox.post { [self] in
            activeDelegate?.download?.connection(self, didWriteData: written, totalBytesWritten: total, expectedTotalBytes: expected)
        }
    }

    /// The task ended. `response` is the task's last response: Linux's URLSession reports a 3xx
    /// without a usable `Location` only there, never through the delegate.
    func taskDidComplete(error: Error?, response: URLResponse?) {
        // One trip through the state lock for everything the completion reads.
        let (ending, mailbox, deliversData) = state.withLock { state in
            defer {
                state.heldResponse = nil
                state.downloadFile = nil
            }
            _ = state.flow.queue(state.heldResponse?.byteCount ?? 0)
            let ending = CompletionSnapshot(
                held: state.heldResponse, followsRedirect: state.pendingRedirect != nil,
                challengeResponseWasDelivered: state.challengeResponseWasDelivered,
                downloadFile: state.downloadFile, abortError: state.abortError,
                authenticationWasCancelled: state.authenticationWasCancelled, timedOut: state.timedOut,
                cacheCandidate: state.cacheCandidate, request: state.currentRequest,
                unreportedResponse: state.responseWasReceived ? nil : response)
            return (ending, state.mailbox, state.activeDelegate?.data != nil)
        }
        guard let mailbox else {
            ending.downloadFile?.discard()
            return
        }
        if ending.followsRedirect, !ending.timedOut {
            // The redirect response's body was not written; the next task has a file of its own.
            ending.downloadFile?.discard()
            return followPendingRedirect(through: mailbox)
        }
        // A cancellation the delegate did not ask for, after a 401 was held or delivered, is how a
        // load goes on without a credential on Linux: that 401 is the final response.
        let endedWithChallengeResponse = (ending.held != nil || ending.challengeResponseWasDelivered)
            && ending.abortError == nil && !ending.authenticationWasCancelled && !ending.timedOut
            && (error as? URLError)?.code == .cancelled
        // The watchdog's cancellation is the timeout NSURLConnection would have reported; the
        // download file's is the write that failed.
        var reported = ending.timedOut ? URLError(.timedOut) : ending.abortError ?? error
        if endedWithChallengeResponse {
            reported = nil
        }
        // A held 401 is the final response only when the load ends with it; a load that fails (the
        // delegate cancelled the challenge, or it timed out) shows only the failure, as NSURLConnection
        // did: Linux's URLSession reports the 401 before the challenge, Apple's never (C14).
        if let held = ending.held, deliversData, reported == nil {
            postResponse(held.response, to: mailbox) { _ in }
            held.body.forEach { postData($0, to: mailbox) }
        } else if let unreported = ending.unreportedResponse, ending.held == nil, deliversData, reported == nil {
            // A redirect URLSession could not follow is the final response (C31); Linux's
            // URLSession keeps its body to itself.
            postResponse(unreported, to: mailbox) { _ in }
        }
        if let file = ending.downloadFile, reported == nil {
            do {
                try write(ending.held, then: [], to: file, reportingTo: mailbox)
                try file.close()
            } catch {
                reported = error
            }
        }
        if let error = reported {
            ending.downloadFile?.discard()
            let normalized = ConnectionError.normalize(
                error, failingURL: ending.request.url, authenticationWasCancelled: ending.authenticationWasCancelled)
            mailbox.post { [self] in endWithFailure(normalized, failingURL: nil) }
            return
        }
        if let candidate = ending.cacheCandidate {
            offerToCache(candidate, for: ending.request, through: mailbox)
        }
        let downloadFile = ending.downloadFile
        mailbox.post { [self] in
            // The file exists for the delegate's call only (C27).
            defer { downloadFile?.discard() }
            guard let delegate = state.withLock({ $0.end(as: .finished) }) else { return }
            if let downloadDelegate = delegate.download, let downloadFile {
                downloadDelegate.connectionDidFinishDownloading(self, destinationURL: downloadFile.url)
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
            if let chosen, let cache = SessionHub.urlCache {
                CacheWriter.shared.store(chosen, for: request, in: cache)
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

    /// Queues `data` for the delegate; the message counts it delivered, in the same trip through
    /// the state lock that finds the delegate, and opens the flow gate once delivery has drained.
    private func postData(_ data: Data, to mailbox: MessageMailbox) {
        mailbox.post { [self] in
            let (delegate, gate) = state.withLock { state in (state.activeDelegate?.data, state.flow.deliver(data.count)) }
            gate?.open()
            delegate?.connection(self, didReceive: data)
        }
    }
}

/// Data on its way to the delegate: where it goes, the gate to wait at if the delegate has fallen
/// behind, a held 401 released by this piece of its body, and a download delegate's file, which
/// takes the body instead of the delegate.
private struct DataDelivery {
    let mailbox: MessageMailbox
    let gate: FlowGate?
    let released: HeldChallengeResponse?
    let file: DownloadFile?
}

/// What a task's completion needs from the connection's state, read in one lock round trip.
private struct CompletionSnapshot {
    let held: HeldChallengeResponse?
    let followsRedirect: Bool
    let challengeResponseWasDelivered: Bool
    let downloadFile: DownloadFile?
    let abortError: Error?
    let authenticationWasCancelled: Bool
    let timedOut: Bool
    let cacheCandidate: CacheCandidate?
    let request: URLRequest
    /// The task's response when URLSession never reported it to the delegate.
    let unreportedResponse: URLResponse?
}
