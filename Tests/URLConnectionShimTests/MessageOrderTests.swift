import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C7–C11: the order of messages, the response bridge, and the body.
final class MessageOrderTests: ShimTestCase {
    func test_c7_firstWillSendHasNilRedirectAndItsRequestIsSent() {
        for mode in DeliveryMode.allCases {
            let recorder = ConnectionRecorder()
            recorder.modifyFirstRequest = { request in
                var modified = request
                modified.setValue("from-willSend", forHTTPHeaderField: "X-Chosen")
                return modified
            }
            run(request("/headers"), mode: mode, recorder: recorder)
            XCTAssertEqual(recorder.events.first, .willSend(path: "/headers", redirectedFrom: nil), "\(mode)")
            XCTAssertEqual(server.requests.last?.header("X-Chosen"), "from-willSend", "\(mode)")
        }
    }

    func test_c8_orderIsWillSendResponseDataFinishUnderEveryMode() {
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/bytes/70000"), mode: mode)
            XCTAssertEqual(recorder.milestones, [.willSend(path: "/bytes/70000", redirectedFrom: nil), .response(status: 200), .finish], "\(mode)")
            let firstData = recorder.events.firstIndex(of: .data)
            XCTAssertNotNil(firstData, "\(mode)")
            XCTAssertGreaterThan(firstData ?? 0, recorder.events.firstIndex(of: .response(status: 200)) ?? .max, "\(mode)")
        }
    }

    func test_c8_bodyProgressComesBeforeTheResponse() {
        for mode in DeliveryMode.allCases {
            var upload = request("/echo")
            upload.httpMethod = "POST"
            upload.httpBody = Data(repeating: 7, count: 150_000)
            let recorder = run(upload, mode: mode)
            let lastProgress = recorder.events.lastIndex { if case .sentBody = $0 { true } else { false } }
            let response = recorder.events.firstIndex(of: .response(status: 200))
            XCTAssertNotNil(lastProgress, "\(mode)")
            XCTAssertLessThan(lastProgress ?? .max, response ?? 0, "\(mode)")
        }
    }

    func test_c9_clientAndServerErrorsAreResponsesNotFailures() {
        for mode in DeliveryMode.allCases {
            for status in [404, 500] {
                let recorder = run(request("/status/\(status)"), mode: mode)
                XCTAssertEqual(recorder.milestones, [.willSend(path: "/status/\(status)", redirectedFrom: nil), .response(status: status), .finish])
                XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "status \(status)")
            }
        }
    }

    func test_c10_responseBridgeCallsCompletionHandlerOnceAfterDelegate() throws {
        XCTAssertEqual(try dispositions(for: recorder(cancellingInResponse: false)), [.allow])
    }

    func test_c10_responseBridgeAnswersCancelWhenDelegateCancelled() throws {
        XCTAssertEqual(try dispositions(for: recorder(cancellingInResponse: true)), [.cancel])
    }

    /// The shim answers URLSession's response handler itself when no delegate method will run:
    /// Linux does not stall without the answer (so a missing one passes every load), Apple's does.
    func test_c10_delegateWithoutDataMethodsGetsAllowAnsweredForIt() throws {
        final class BaseOnly: NSObject, URLConnectionDelegate {}
        final class DataWithoutMethods: NSObject, URLConnectionDataDelegate {}
        let delegates: [(String, Any?)] = [("no delegate", nil), ("base delegate", BaseOnly()), ("data delegate without methods", DataWithoutMethods())]
        for (name, delegate) in delegates {
            XCTAssertEqual(try dispositions(for: delegate), [.allow], name)
        }
    }

    private func recorder(cancellingInResponse: Bool) -> ConnectionRecorder {
        let recorder = ConnectionRecorder()
        recorder.cancelAfter = { _ in cancellingInResponse }
        return recorder
    }

    /// Feeds one response straight into the URLSession bridge of a connection with `delegate`
    /// and returns every disposition it answered with; for a `ConnectionRecorder`, checks each
    /// came after the delegate's message.
    private func dispositions(for delegate: Any?) throws -> [URLSession.ResponseDisposition] {
        let queue = OperationQueue()
        let connection = try XCTUnwrap(URLConnection(request: request("/status/200"), delegate: delegate, startImmediately: false))
        prepareForBridge(connection, deliveringOn: queue)
        let answered = expectation(description: "completion handler")
        let calls = Locked<[URLSession.ResponseDisposition]>([])
        let response = HTTPURLResponse(url: server.url("/x"), statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
        let recorder = delegate as? ConnectionRecorder
        connection.taskDidReceive(response) { disposition in
            if let recorder {
                XCTAssertEqual(recorder.events, [.response(status: 200)], "handler ran before the delegate")
            }
            calls.withLock { $0.append(disposition) }
            answered.fulfill()
        }
        wait(for: [answered], timeout: 5)
        queue.waitUntilAllOperationsAreFinished()
        return calls.withLock { $0 }
    }

    func test_c10_cancelInsideDidReceiveResponseAnswersCancelAndNoDataFlows() {
        for mode in DeliveryMode.allCases {
            let recorder = ConnectionRecorder()
            recorder.cancelAfter = { $0 == .response(status: 200) }
            let connection = URLConnection(request: request("/bytes/500000"), delegate: recorder, startImmediately: false)!
            let expectation = mode.apply(to: connection)
            connection.start()
            XCTAssertTrue(waitForCondition { recorder.events.contains(.response(status: 200)) }, "\(mode)")
            XCTAssertFalse(waitForCondition(timeout: 0.3) { recorder.events.count > 2 }, "\(mode): \(recorder.events)")
            expectation.finish()
        }
    }

    func test_c11_multiMegabyteChunkedBodyArrivesCompleteAndInOrder() {
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/chunked/3000000?chunk=65536"), mode: mode)
            XCTAssertEqual(recorder.body.count, 3_000_000, "\(mode)")
            XCTAssertTrue(recorder.body == LoopbackServer.patternBytes(count: 3_000_000), "\(mode)")
        }
    }
}

extension XCTestCase {
    /// Waits (spinning the current run loop, so main-thread delivery proceeds) until `condition`
    /// holds; false if it did not within `timeout`.
    func waitForCondition(timeout: TimeInterval = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        return condition()
    }
}
