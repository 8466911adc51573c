#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import XCTest
import LoopbackHTTPServer

/// The Linux facts the shim absorbs (contract.md, Docs/Linux.md), checked against raw
/// URLSession and Foundation. Each test pins today's behaviour: if a toolchain update changes
/// it, the test fails and Docs/Linux.md (and possibly the shim) must change with it.
final class LinuxFoundationFactsTests: XCTestCase {
    var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer()
    }

    override func tearDown() {
        server.stop()
    }

    /// Records raw URLSession delegate events in order.
    final class RawRecorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // Sendable: the session's delegate queue is serial; tests read after `done`.
        var events: [String] = []
        var error: NSError?
        var callsCompletionHandler = true
        var credential: URLCredential?
        let done = XCTestExpectation(description: "completed")

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
            events.append("response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
            if callsCompletionHandler { completionHandler(.allow) }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            if events.last != "data" { events.append("data") }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            events.append("challenge \(challenge.protectionSpace.authenticationMethod)")
            completionHandler(.useCredential, credential)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
            events.append("sent \(totalBytesSent)/\(totalBytesExpectedToSend)")
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            self.error = error as NSError?
            events.append(error == nil ? "complete" : "error \((error! as NSError).code)")
            done.fulfill()
        }
    }

    private func load(_ request: URLRequest, _ recorder: RawRecorder = RawRecorder(), configuration: URLSessionConfiguration = .default) -> RawRecorder {
        let session = URLSession(configuration: configuration, delegate: recorder, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        wait(for: [recorder.done], timeout: 10)
        return recorder
    }

    func test_linux_responseCompletionHandlerNotCalledDoesNotStall() {
        let recorder = RawRecorder()
        recorder.callsCompletionHandler = false
        XCTAssertEqual(load(URLRequest(url: server.url("/bytes/10")), recorder).events, ["response 200", "data", "complete"])
    }

    func test_linux_basicAuth401IsReportedBeforeTheChallenge() {
        let recorder = RawRecorder()
        recorder.credential = URLCredential(user: "ada", password: "lovelace", persistence: .none)
        XCTAssertEqual(load(URLRequest(url: server.url("/basic-auth/ada/lovelace")), recorder).events,
                       ["response 401", "data", "challenge NSURLAuthenticationMethodHTTPBasic", "response 200", "data", "complete"])
    }

    func test_linux_uploadProgressComesIn64KiBSteps() {
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "POST"
        request.httpBody = Data(count: 150_000)
        let sent = load(request).events.filter { $0.hasPrefix("sent") }
        // One callback per 64 KiB written; each reports the running total at delivery time,
        // which may already include later steps (seen: 150000 three times).
        XCTAssertEqual(sent.count, 3, "\(sent)")
        XCTAssertEqual(sent.last, "sent 150000/150000")
    }

    func test_linux_errorsCarryCurlWording() {
        let refused = load(URLRequest(url: URL(string: "http://127.0.0.1:1/")!)).error
        XCTAssertEqual(refused?.code, NSURLErrorCannotConnectToHost)
        XCTAssertTrue(refused?.localizedDescription.contains("Couldn't connect to server") ?? false, "\(String(describing: refused))")

        let dropped = load(URLRequest(url: server.url("/drop/100000/1000"))).error
        XCTAssertEqual(dropped?.code, -1, "a dropped transfer is no longer -1: ConnectionError may be simplified")
        XCTAssertTrue(dropped?.localizedDescription.contains("transfer closed") ?? false)

        var stalled = URLRequest(url: server.url("/stall"))
        stalled.timeoutInterval = 0.3
        let timedOut = load(stalled).error
        XCTAssertEqual(timedOut?.code, NSURLErrorTimedOut)
        XCTAssertNil(timedOut?.userInfo[NSURLErrorFailingURLErrorKey], "the timeout error now names its URL")
    }

    func test_linux_subSecondTimeoutFailsAtOnce() {
        func timedOutLoad(after interval: TimeInterval) -> Duration {
            var stalled = URLRequest(url: server.url("/stall"))
            stalled.timeoutInterval = interval
            var code: Int?
            let elapsed = ContinuousClock().measure { code = load(stalled).error?.code }
            XCTAssertEqual(code, NSURLErrorTimedOut, "after \(interval) s")
            return elapsed
        }
        // Against a whole second, which is honoured: half a second honoured would take half as long.
        let subSecond = timedOutLoad(after: 0.5)
        let wholeSecond = timedOutLoad(after: 1)
        XCTAssertLessThan(subSecond / wholeSecond, 0.25,
                          "0.5 s took \(subSecond), 1 s \(wholeSecond): sub-second timeouts are now honoured: TimeoutInterval may go")
    }

    func test_linux_registerClassDoesNotReachDefaultConfigurationSessions() {
        final class Claimer: URLProtocol {
            nonisolated(unsafe) static var asked = 0
            override class func canInit(with request: URLRequest) -> Bool {
                asked += 1
                return false
            }
        }
        XCTAssertTrue(URLProtocol.registerClass(Claimer.self))
        defer { URLProtocol.unregisterClass(Claimer.self) }
        _ = load(URLRequest(url: server.url("/status/200")))
        XCTAssertEqual(Claimer.asked, 0, "registered classes now reach configured sessions: registerProtocolClass may be simplified")

        let configuration = URLSessionConfiguration.default
        configuration.protocolClasses = [Claimer.self] + (configuration.protocolClasses ?? [])
        _ = load(URLRequest(url: server.url("/status/200")), configuration: configuration)
        XCTAssertGreaterThan(Claimer.asked, 0)
    }

    func test_linux_runLoopPerformDoesNotWakeAnIdleRunLoopButATimerDoes() {
        XCTAssertFalse(blockPostedToSleepingRunLoopRunsBeforeItsDeadline(addingTimer: false),
                       "RunLoop.perform now wakes the run loop: DeliveryTarget may use it")
        XCTAssertTrue(blockPostedToSleepingRunLoopRunsBeforeItsDeadline(addingTimer: true))
    }

    /// Posts a block to this thread's run loop from another thread once the run loop has been
    /// asleep for a moment (the pause lets it fall asleep; nothing waits on it), and tells whether
    /// the block ran before that `run(mode:before:)` reached its deadline — woken — or only when
    /// the deadline woke the run loop.
    private func blockPostedToSleepingRunLoopRunsBeforeItsDeadline(addingTimer: Bool) -> Bool {
        final class Sighting: @unchecked Sendable {
            // Sendable: written by the block, which runs on this thread, and read after the runs.
            var ran: Date?
        }
        let sighting = Sighting()
        // RunLoop.perform and RunLoop.add are thread-safe; RunLoop is just not marked Sendable.
        nonisolated(unsafe) let runLoop = RunLoop.current
        Thread {
            Thread.sleep(forTimeInterval: 0.1)
            runLoop.perform { sighting.ran = Date() }
            if addingTimer {
                runLoop.add(Timer(timeInterval: 0, repeats: false) { _ in }, forMode: .default)
            }
        }.start()
        let deadline = Date().addingTimeInterval(1)
        while sighting.ran == nil {
            _ = runLoop.run(mode: .default, before: max(deadline, Date().addingTimeInterval(0.05)))
        }
        return sighting.ran! < deadline
    }

    func test_linux_urlSessionAnswersFromTheCacheWhateverThePolicy() {
        URLCache.shared.removeAllCachedResponses()
        defer { URLCache.shared.removeAllCachedResponses() }
        var request = URLRequest(url: server.url("/cache/60"))
        let stored = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Cache-Control": "max-age=60"])!
        URLCache.shared.storeCachedResponse(CachedURLResponse(response: stored, data: Data("from cache".utf8)), for: request)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        _ = load(request)
        XCTAssertTrue(server.requests.isEmpty, "Linux's URLSession now honours reload policies: CacheReadPolicy may go")
    }

    func test_linux_urlSessionDoesNotStoreResponsesInTheCache() {
        URLCache.shared.removeAllCachedResponses()
        _ = load(URLRequest(url: server.url("/cache/60")))
        XCTAssertNil(URLCache.shared.cachedResponse(for: URLRequest(url: server.url("/cache/60"))),
                     "Linux's URLSession now stores responses: CacheCandidate may go")
    }

    func test_linux_redirectCopiesEveryHeaderToAnotherOrigin() throws {
        let other = try LoopbackServer()
        defer { other.stop() }
        var request = URLRequest(url: server.url("/redirect-to?url=" + other.url("/headers").absoluteString))
        request.setValue("Basic c2VjcmV0OnNlY3JldA==", forHTTPHeaderField: "Authorization")
        _ = load(request)
        XCTAssertEqual(other.requests.last?.header("Authorization"), "Basic c2VjcmV0OnNlY3JldA==",
                       "URLSession now drops credentials across origins: RedirectRule may be simplified")
    }

    func test_linux_307IsResentWithoutItsBody() {
        var request = URLRequest(url: server.url("/redirect-to?status=307&url=/echo"))
        request.httpMethod = "POST"
        request.httpBody = Data("body".utf8)
        _ = load(request)
        let resent = server.requests.last { $0.path == "/echo" }
        XCTAssertEqual(resent?.method, "POST")
        XCTAssertEqual(resent?.body, Data(), "URLSession now keeps a 307's body: the shim may let it follow redirects")
    }

    func test_linux_aCookieSetByARedirectIsNotSentWithARedirectDelegate() throws {
        let name = "linuxfact\(UUID().uuidString.prefix(8))"
        let cookieServer = try LoopbackServer(routes: ["/set-and-redirect": Route { _ in
            var response = ScriptedResponse.redirect(to: "/cookie/get")
            response.additionalHeaders = [(name: "Set-Cookie", value: "\(name)=1; Path=/")]
            return response
        }])
        defer {
            cookieServer.stop()
            HTTPCookieStorage.shared.cookies?.filter { $0.name == name }.forEach(HTTPCookieStorage.shared.deleteCookie)
        }
        _ = load(URLRequest(url: cookieServer.url("/set-and-redirect")))
        XCTAssertNotNil(HTTPCookieStorage.shared.cookies?.first { $0.name == name }, "the redirect's cookie was not stored")
        XCTAssertNil(cookieServer.requests.last { $0.path == "/cookie/get" }?.header("Cookie"),
                     "URLSession now sends a redirect's cookie on the redirected request")
    }

    func test_linux_malformedRepliesComeAsUnsupportedURLOrUnknown() throws {
        let liar = try LoopbackServer(routes: [
            "/http09": .constant(ScriptedResponse(body: .raw(Data("no status line".utf8)))),
            "/bad-chunk": .constant(ScriptedResponse(body: .raw(Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8)))),
        ])
        defer { liar.stop() }
        let http09 = load(URLRequest(url: liar.url("/http09"))).error
        XCTAssertEqual(http09?.code, NSURLErrorUnsupportedURL, "\(String(describing: http09))")
        XCTAssertTrue(http09?.localizedDescription.contains("HTTP/0.9") ?? false, "libcurl's wording changed: LibcurlFault must follow")
        let badChunk = load(URLRequest(url: liar.url("/bad-chunk"))).error
        XCTAssertEqual(badChunk?.code, NSURLErrorUnknown, "\(String(describing: badChunk))")
        XCTAssertTrue(badChunk?.localizedDescription.contains("chunked-encoding") ?? false, "libcurl's wording changed: LibcurlFault must follow")
    }

    func test_linux_streamUploadExpectsZeroBytes() {
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(count: 1000))
        request.setValue("1000", forHTTPHeaderField: "Content-Length")
        let sent = load(request).events.filter { $0.hasPrefix("sent") }
        XCTAssertEqual(sent.last, "sent 1000/0", "URLSession now reports a stream's length: UploadLength may go")
    }
}
#endif
