import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C20–C21: failures carry NSURLConnection's codes, keys and classic texts.
final class ErrorTests: ShimTestCase {
    private let url = URL(string: "http://127.0.0.1:1/x")!

    override var routes: [String: Route] {
        ["/reset": .constant(ScriptedResponse(body: .resetPattern(declaredLength: 100_000, sentLength: 1000)))]
    }

    /// Linux's curl-worded errors and Apple's own, in; NSURLConnection's code and text, out.
    func test_c20_normalizationTable() {
        let curl = { (code: Int, text: String, info: [String: Any]) in
            NSError(domain: NSURLErrorDomain, code: code, userInfo: info.merging([NSLocalizedDescriptionKey: text]) { a, _ in a })
        }
        let cases: [(NSError, Int, String)] = [
            (curl(-1001, "The request timed out.", [:]), -1001, "The request timed out."),
            (curl(-1002, "unsupported URL", [:]), -1002, "unsupported URL"),
            (curl(-1003, "Could not resolve host: nowhere.invalid", [:]), -1003, "A server with the specified hostname could not be found."),
            (curl(-1004, "Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server", [:]), -1004, "Could not connect to the server."),
            (curl(-1005, "Connection died", [:]), -1005, "The network connection was lost."),
            (curl(-1, "transfer closed with 99000 bytes remaining to read", [:]), -1005, "The network connection was lost."),
            (curl(-1, "Recv failure: Connection reset by peer", [:]), -1005, "The network connection was lost."),
            (curl(-1009, "offline", [:]), -1009, "The Internet connection appears to be offline."),
            (curl(-1012, "auth", [:]), -1012, "The operation couldn’t be completed. (NSURLErrorDomain error -1012.)"),
            (curl(-1, "something else", [:]), -1, "The operation couldn’t be completed. (NSURLErrorDomain error -1: something else)"),
            (NSError(domain: "Other", code: 5), NSURLErrorUnknown,
             ConnectionError.unknownDescription(reason: NSError(domain: "Other", code: 5).localizedDescription)),
            (curl(-1002, "Received HTTP/0.9 when not allowed", [:]), -1011,
             "The server returned an invalid response: the reply has no HTTP status line (libcurl: Received HTTP/0.9 when not allowed)."),
            (curl(-1, "Illegal or missing hexadecimal sequence in chunked-encoding", [:]), -1017,
             "The server’s response could not be parsed: the chunked body is framed wrongly (libcurl: Illegal or missing hexadecimal sequence in chunked-encoding)."),
        ]
        for (reported, code, text) in cases {
            let normalized = ConnectionError.normalize(reported, failingURL: url)
            XCTAssertEqual(normalized.domain, NSURLErrorDomain)
            XCTAssertEqual(normalized.code, code, "\(reported)")
            XCTAssertEqual(normalized.localizedDescription, text, "\(reported)")
            XCTAssertEqual(normalized.userInfo[NSURLErrorFailingURLErrorKey] as? URL, url)
            XCTAssertEqual(normalized.userInfo[ConnectionError.failingURLStringKey] as? String, url.absoluteString)
            if reported.code != code || reported.domain != NSURLErrorDomain {
                XCTAssertNotNil(normalized.userInfo[NSUnderlyingErrorKey], "\(reported)")
            }
        }
        XCTAssertEqual(ConnectionError.normalize(URLError(.cancelled), failingURL: url, authenticationWasCancelled: true).code, -1012)
    }

    func test_c20_refusedPortFailsWithCannotConnect() {
        let recorder = run(URLRequest(url: url, timeoutInterval: 10), mode: .delegateQueue)
        assertClassic(recorder.error, code: NSURLErrorCannotConnectToHost, url: url)
    }

    func test_c20_serverDroppingMidBodyIsConnectionLost() {
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/drop/100000/1000"), mode: mode)
            assertClassic(recorder.error, code: NSURLErrorNetworkConnectionLost, url: server.url("/drop/100000/1000"))
        }
    }

    func test_c20_serverResettingMidBodyIsConnectionLost() {
        let recorder = run(request("/reset"), mode: .delegateQueue)
        assertClassic(recorder.error, code: NSURLErrorNetworkConnectionLost, url: server.url("/reset"))
    }

    func test_c20_closedWithoutResponseIsAnError() {
        let recorder = run(request("/close"), mode: .delegateQueue)
        XCTAssertNotNil(recorder.error)
        XCTAssertEqual(recorder.error?.domain, NSURLErrorDomain)
        XCTAssertNotNil(recorder.error?.userInfo[NSURLErrorFailingURLErrorKey])
    }

    func test_c20_unsupportedSchemeFailsWithUnsupportedURL() {
        for mode in DeliveryMode.allCases {
            let recorder = run(URLRequest(url: URL(string: "gopher://127.0.0.1/x")!), mode: mode)
            assertClassic(recorder.error, code: NSURLErrorUnsupportedURL, url: URL(string: "gopher://127.0.0.1/x")!)
        }
    }

    func test_c21_timeoutIntervalElapsingIsTimedOut() {
        for mode in DeliveryMode.allCases {
            var stalled = request("/stall")
            stalled.timeoutInterval = 1
            let started = Date()
            let recorder = run(stalled, mode: mode)
            assertClassic(recorder.error, code: NSURLErrorTimedOut, url: server.url("/stall"))
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.9, "\(mode): timed out early")
        }
    }

    /// The task is not made yet when the timeout passes (here both of the session's task-start
    /// lanes are held): the load still ends with -1001 on time, and no task starts afterwards.
    func test_c21_aTimeoutBeforeTheTaskExistsEndsTheLoad() {
        let lanes = SessionHub.shared.route(usesCredentialStorage: true, readsCache: true).taskStarts
        let release = DispatchSemaphore(value: 0)
        lanes.async { release.wait() }
        lanes.async { release.wait() }
        var quick = request("/bytes/10")
        quick.timeoutInterval = 0.2
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: quick, delegate: recorder, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        wait(for: [recorder.ended], timeout: 5)
        assertClassic(recorder.error, code: NSURLErrorTimedOut, url: server.url("/bytes/10"))
        release.signal()
        release.signal()
        let drained = (0..<2).map { expectation(description: "lane \($0) ran what it held") }
        for lane in drained {
            lanes.async { lane.fulfill() }
        }
        wait(for: drained, timeout: 5)
        XCTAssertEqual(server.requests.count, 0, "a task started after the load had timed out")
    }

    /// The delegate's queue is busy past the timeout just after the delegate accepted a redirect:
    /// the redirect's task has ended by then, so the watchdog has no task to cancel, and the
    /// connection must still end with -1001 (it never ended).
    func test_c21_timeoutWhileARedirectWaitsForTheDelegatesQueueEndsTheLoad() {
        final class Delegate: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
            // Sendable: written on the serial delegate queue, read after `ended` is fulfilled.
            var error: NSError?
            let ended = XCTestExpectation(description: "ended")

            func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
                if response != nil {
                    // The scenario, not a synchronisation: the connection's next message works for
                    // four timeouts. It goes into the connection's own mailbox, not onto the queue,
                    // so it runs right after this one whenever the redirect's task ends: a message
                    // posted while the mailbox drains joins that drain, ahead of the queue's work.
                    connection.state.withLock { $0.mailbox }?.post { Thread.sleep(forTimeInterval: 1.2) }
                }
                return request
            }
            func connection(_ connection: URLConnection, didFailWithError error: Error) {
                self.error = error as NSError
                ended.fulfill()
            }
            func connectionDidFinishLoading(_ connection: URLConnection) { ended.fulfill() }
        }
        let delegate = Delegate()
        var redirecting = request("/redirect-to?url=/bytes/10")
        redirecting.timeoutInterval = 0.3
        let connection = URLConnection(request: redirecting, delegate: delegate, startImmediately: false)!
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        connection.setDelegateQueue(queue)
        connection.start()
        wait(for: [delegate.ended], timeout: 10)
        XCTAssertEqual(delegate.error?.code, NSURLErrorTimedOut)
    }

    func test_c21_subSecondTimeoutFiresOnTime() {
        var stalled = request("/stall")
        stalled.timeoutInterval = 0.3
        let started = Date()
        let recorder = run(stalled, mode: .delegateQueue)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(recorder.error?.code, NSURLErrorTimedOut)
        XCTAssertGreaterThanOrEqual(elapsed, 0.3, "fired before the interval")
        XCTAssertLessThan(elapsed, 1.5, "fired at URLSession's backstop, not at the interval")
    }

    func test_c21_timeoutIsIdleTimeNotTotalTime() {
        // 20 chunks 100 ms apart: 2 s in all, never 1 s idle.
        var dripping = request("/chunked/20000?chunk=1000&delay_ms=100")
        dripping.timeoutInterval = 1
        let recorder = run(dripping, mode: .delegateQueue)
        XCTAssertEqual(recorder.milestones.last, .finish)
        XCTAssertEqual(recorder.body.count, 20_000)
    }

    func test_c21_stalledLoadsTimeOutWithoutHoldingUpOthers() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        func start(_ path: String, timeout: TimeInterval) -> ConnectionRecorder {
            let recorder = ConnectionRecorder()
            var stalled = request(path)
            stalled.timeoutInterval = timeout
            let connection = URLConnection(request: stalled, delegate: recorder, startImmediately: false)!
            connection.setDelegateQueue(queue)
            connection.start()
            return recorder
        }
        let stalls = (0..<6).map { _ in start("/stall", timeout: 1) }
        let others = (0..<30).map { start("/bytes/\($0 * 100)", timeout: 10) }
        wait(for: (stalls + others).map(\.ended), timeout: 15)
        XCTAssertTrue(stalls.allSatisfy { $0.error?.code == NSURLErrorTimedOut }, "\(stalls.map(\.events))")
        XCTAssertTrue(others.allSatisfy { $0.milestones.last == .finish }, "\(others.map(\.milestones))")
    }

    private func assertClassic(_ error: NSError?, code: Int, url: URL, file: StaticString = #filePath, line: UInt = #line) {
        guard let error else { return XCTFail("no error", file: file, line: line) }
        XCTAssertEqual(error.domain, NSURLErrorDomain, file: file, line: line)
        XCTAssertEqual(error.code, code, "\(error)", file: file, line: line)
        XCTAssertEqual(error.localizedDescription, ConnectionError.description(for: code), file: file, line: line)
        XCTAssertEqual(error.userInfo[NSURLErrorFailingURLErrorKey] as? URL, url, file: file, line: line)
        XCTAssertEqual(error.userInfo[ConnectionError.failingURLStringKey] as? String, url.absoluteString, file: file, line: line)
    }
}
