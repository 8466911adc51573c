import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C3–C6: when loading starts and where messages arrive.
final class DeliveryTests: ShimTestCase {
    func test_c3_startImmediatelyUsesCurrentRunLoopDefaultMode() {
        let thread = RunLoopThread()
        defer { thread.stop() }
        let recorder = ConnectionRecorder()
        let url = server.url("/bytes/100")
        let created = expectation(description: "created on the run loop thread")
        thread.runLoop.perform {
            _ = URLConnection(request: URLRequest(url: url), delegate: recorder, startImmediately: true)
            created.fulfill()
        }
        thread.runLoop.add(Timer(timeInterval: 0, repeats: false) { _ in }, forMode: .default)
        wait(for: [created, recorder.ended], timeout: 10)
        XCTAssertTrue(recorder.deliveries.allSatisfy { $0.context.thread === thread.thread && $0.context.mode == .default })
        XCTAssertEqual(recorder.milestones, [.willSend(path: "/bytes/100", redirectedFrom: nil), .response(status: 200), .finish])
    }

    func test_c4_nothingLoadsUntilStart() {
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/status/200"), delegate: recorder, startImmediately: false)!
        XCTAssertFalse(waitForCondition(timeout: 0.3) { !self.server.requests.isEmpty })
        XCTAssertTrue(recorder.events.isEmpty)
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertEqual(server.requests.count, 1)
    }

    func test_c4_secondStartDoesNothing() {
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/status/200"), delegate: recorder, startImmediately: false)!
        connection.start()
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        connection.start()
        XCTAssertFalse(waitForCondition(timeout: 0.3) { self.server.requests.count > 1 })
        XCTAssertEqual(recorder.milestones.filter { $0 == .finish }.count, 1)
    }

    func test_c4_startWithoutScheduleUsesCurrentRunLoopAndMode() {
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/status/200"), delegate: recorder, startImmediately: false)!
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertTrue(recorder.deliveries.allSatisfy { $0.context.isMainThread })
    }

    func test_c4_unscheduledRunLoopReceivesNothing() {
        let first = RunLoopThread(), second = RunLoopThread()
        defer { first.stop(); second.stop() }
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/bytes/1000"), delegate: recorder, startImmediately: false)!
        connection.schedule(in: first.runLoop, forMode: .default)
        connection.schedule(in: second.runLoop, forMode: .default)
        connection.unschedule(from: first.runLoop, forMode: .default)
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertTrue(recorder.deliveries.allSatisfy { $0.context.thread === second.thread })
    }

    func test_c5_everyDeliveryModeDeliversInOrderOnItsTarget() {
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/chunked/200000?chunk=4096"), mode: mode)
            XCTAssertEqual(recorder.body, LoopbackServer.patternBytes(count: 200_000), "\(mode)")
        }
    }

    func test_c5_delegateQueueIsOperationQueueCurrent() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 8
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/chunked/100000?chunk=1000"), delegate: recorder, startImmediately: false)!
        connection.setDelegateQueue(queue)
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertTrue(recorder.deliveries.allSatisfy { $0.context.queue === queue })
        XCTAssertFalse(recorder.sawOverlap)
    }

    func test_c5_idleRunLoopIsWokenPromptly() {
        // The run loop thread blocks until its distant-future timer: only a real wake-up delivers.
        let thread = RunLoopThread()
        defer { thread.stop() }
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/status/200"), delegate: recorder, startImmediately: false)!
        connection.schedule(in: thread.runLoop, forMode: .default)
        let started = Date()
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "messages waited for an unrelated wake-up")
    }

    func test_c5_messagesRunOnlyInScheduledModes() {
        let thread = RunLoopThread()
        defer { thread.stop() }
        let custom = RunLoop.Mode("C5.custom")
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/status/200"), delegate: recorder, startImmediately: false)!
        connection.schedule(in: .main, forMode: custom)
        connection.start()
        // The main thread runs only the default mode here: nothing may arrive.
        XCTAssertFalse(waitForCondition(timeout: 0.3) { !recorder.events.isEmpty })
        let deadline = Date().addingTimeInterval(10)
        while recorder.milestones.last != .finish && Date() < deadline {
            _ = RunLoop.main.run(mode: custom, before: Date().addingTimeInterval(0.05))
        }
        XCTAssertEqual(recorder.milestones.last, .finish)
        XCTAssertTrue(recorder.deliveries.allSatisfy { $0.context.isMainThread && $0.context.mode == custom })
    }

    func test_c6_startedOnMainThreadDeliversOnMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        let recorder = ConnectionRecorder()
        _ = URLConnection(request: request("/redirect/2"), delegate: recorder)
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertEqual(recorder.milestones.count, 5)
        XCTAssertTrue(recorder.deliveries.allSatisfy { $0.context.isMainThread })
    }
}
