import Foundation
import Locking
import XCTest
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delivery types and the state machine on their own (C5, C8, C17 structure).
final class DeliveryMachineryTests: XCTestCase {
    func test_c5_mailboxKeepsOrderAndNeverOverlapsOnAConcurrentQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 8
        let mailbox = MessageMailbox(target: .queue(queue))
        let seen = Locked<(order: [Int], inside: Bool, overlapped: Bool)>(([], false, false))
        let done = expectation(description: "all delivered")
        let count = 5000
        DispatchQueue.concurrentPerform(iterations: 4) { producer in
            for index in stride(from: producer, to: count, by: 4) {
                mailbox.post {
                    seen.withLock { state in
                        if state.inside { state.overlapped = true }
                        state.inside = true
                    }
                    seen.withLock { state in
                        state.order.append(index)
                        state.inside = false
                        if state.order.count == count { done.fulfill() }
                    }
                }
            }
        }
        wait(for: [done], timeout: 10)
        let final = seen.withLock { $0 }
        XCTAssertFalse(final.overlapped)
        for producer in 0..<4 {
            let fromProducer = final.order.filter { $0 % 4 == producer }
            XCTAssertEqual(fromProducer, fromProducer.sorted(), "messages of one poster reordered")
        }
    }

    /// Connections on one serial delegate queue share one drain operation; each still gets its
    /// messages in order, on the queue (an `Operation` per connection and message less).
    func test_c5_connectionsOnASerialQueueShareOneOperationAndKeepTheirOrder() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let mailboxes = (0..<3).map { _ in MessageMailbox(target: .queue(queue)) }
        let seen = Locked<[String]>([])
        let done = expectation(description: "all delivered")
        done.expectedFulfillmentCount = 9
        for round in 0..<3 {
            for (index, mailbox) in mailboxes.enumerated() {
                mailbox.post {
                    let onQueue = OperationQueue.current === queue
                    seen.withLock { $0.append("\(index).\(round)\(onQueue ? "" : " off the queue")") }
                    done.fulfill()
                }
            }
        }
        XCTAssertEqual(queue.operationCount, 1, "one shared operation for three connections")
        queue.isSuspended = false
        wait(for: [done], timeout: 5)
        XCTAssertEqual(seen.withLock { $0 }, ["0.0", "0.1", "0.2", "1.0", "1.1", "1.2", "2.0", "2.1", "2.2"])

        let concurrent = OperationQueue()
        concurrent.maxConcurrentOperationCount = 4
        concurrent.isSuspended = true
        for mailbox in (0..<3).map({ _ in MessageMailbox(target: .queue(concurrent)) }) {
            mailbox.post {}
        }
        XCTAssertEqual(concurrent.operationCount, 3, "a concurrent queue keeps an operation per connection")
        concurrent.isSuspended = false
        concurrent.waitUntilAllOperationsAreFinished()
    }

    func test_c5_aCancelledSharedDrainDoesNotSilenceLaterConnections() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let delivered = expectation(description: "both delivered")
        delivered.expectedFulfillmentCount = 2
        MessageMailbox(target: .queue(queue)).post { delivered.fulfill() }
        queue.cancelAllOperations()
        MessageMailbox(target: .queue(queue)).post { delivered.fulfill() }
        queue.isSuspended = false
        wait(for: [delivered], timeout: 5)
    }

    func test_c5_runLoopTargetRunsWorkOnTheScheduledRunLoopsThread() {
        let thread = RunLoopThread()
        defer { thread.stop() }
        let ran = expectation(description: "ran on the thread")
        let mailbox = MessageMailbox(target: .runLoops([.init(runLoop: thread.runLoop, modes: [.default])]))
        let runner = Locked<Thread?>(nil)
        mailbox.post {
            runner.withLock { $0 = Thread.current }
            ran.fulfill()
        }
        wait(for: [ran], timeout: 2)
        XCTAssertTrue(runner.withLock { $0 } === thread.thread)
    }

    /// The shim's sessions hand their events straight to the router on Linux: the hop to the
    /// caller's delegate queue is the only one (one `Operation` less per data chunk).
    func test_c5_sessionEventsReachTheRouterWithoutAnOperationOnLinux() {
        let queue = SessionEventQueue()
        XCTAssertEqual(queue.maxConcurrentOperationCount, 1)
        let ran = Locked(false)
        queue.addOperation { ran.withLock { $0 = true } }
        #if canImport(FoundationNetworking)
        XCTAssertTrue(ran.withLock { $0 }, "addOperation returned before running its block")
        #else
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertTrue(ran.withLock { $0 })
        #endif
        XCTAssertTrue(SessionHub.shared.route(usesCredentialStorage: true, readsCache: false).session.delegateQueue is SessionEventQueue)
    }

    func test_c4_scheduleResolutionPrefersQueueThenRunLoops() {
        var schedule = DeliverySchedule()
        let other = RunLoopThread()
        defer { other.stop() }
        schedule.schedule(other.runLoop, mode: .default)
        schedule.schedule(other.runLoop, mode: .default)
        guard case .runLoops(let slots) = schedule.resolvedTarget().kind else { return XCTFail("expected run loops") }
        XCTAssertEqual(slots.count, 1)
        XCTAssertEqual(slots.first?.modes, [.default])
        let queue = OperationQueue()
        schedule.setDelegateQueue(queue)
        guard case .queue(let resolved) = schedule.resolvedTarget().kind else { return XCTFail("expected the queue") }
        XCTAssertTrue(resolved === queue)
        schedule.setDelegateQueue(nil)
        schedule.unschedule(other.runLoop, mode: .default)
        guard case .runLoops(let fallback) = schedule.resolvedTarget().kind else { return XCTFail("expected run loops") }
        XCTAssertTrue(fallback.first?.runLoop === RunLoop.current)
    }

    func test_c8_stateMachineGivesTheDelegateToOneTerminalTransitionOnly() {
        final class Delegate: NSObject, URLConnectionDataDelegate {}
        var state = ConnectionState(request: URLRequest(url: URL(string: "http://x")!), delegate: ConnectionDelegateRole(Delegate()))
        XCTAssertTrue(state.markStarted())
        XCTAssertFalse(state.markStarted())
        XCTAssertNotNil(state.activeDelegate?.data)
        XCTAssertNotNil(state.end(as: .finished))
        XCTAssertNil(state.end(as: .failed))
        XCTAssertNil(state.cancel())
        XCTAssertNil(state.activeDelegate)
        XCTAssertEqual(state.phase, .finished)
    }

    func test_c17_cancelledStateReleasesDelegateAndRefusesLoading() {
        final class Delegate: NSObject, URLConnectionDataDelegate {}
        weak var weakDelegate: Delegate?
        var state: ConnectionState
        do {
            let delegate = Delegate()
            weakDelegate = delegate
            state = ConnectionState(request: URLRequest(url: URL(string: "http://x")!), delegate: ConnectionDelegateRole(delegate))
        }
        XCTAssertNotNil(weakDelegate)
        XCTAssertTrue(state.markStarted())
        XCTAssertNil(state.cancel(), "no task was running")
        XCTAssertNil(weakDelegate)
        let task = URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:1")!)
        XCTAssertFalse(state.markLoading(task))
        XCTAssertEqual(state.phase, .cancelled)
    }

    /// A connection whose delegate stalled (it spilled meanwhile) waits again once the delegate
    /// takes data and falls behind again: the back-pressure is not given up for good.
    func test_c29_backPressureReengagesAfterAStall() {
        var flow = DeliveryFlow()
        let piece = 1 << 20
        func admitUntilPastTheMark(shared: Bool) -> DeliveryFlow.Admission {
            var admission = flow.admit(piece, sessionIsShared: shared)
            while case .queue = admission {
                admission = flow.admit(piece, sessionIsShared: shared)
            }
            return admission
        }
        guard case .wait = admitUntilPastTheMark(shared: false) else { return XCTFail("alone past the mark: no wait") }
        XCTAssertNotNil(flow.markStalled())
        guard case .spill = flow.admit(piece, sessionIsShared: false) else { return XCTFail("stalled: no spill") }
        _ = flow.deliver(piece, fromSpillFile: true)
        guard case .wait = flow.admit(piece, sessionIsShared: false) else { return XCTFail("the delegate took data again: no wait") }
        guard case .spill = flow.admit(piece, sessionIsShared: true) else { return XCTFail("shared: no spill") }
    }

    /// The watchdog fires after the delegate accepted a redirect and before the shim follows it:
    /// the redirect is not followed, and the load ends with -1001.
    func test_c21_aRedirectAcceptedBeforeTheTimeoutIsNotFollowedAfterIt() {
        final class Delegate: NSObject, URLConnectionDataDelegate {}
        var state = ConnectionState(request: URLRequest(url: URL(string: "http://x")!), delegate: ConnectionDelegateRole(Delegate()))
        XCTAssertTrue(state.markStarted())
        XCTAssertTrue(state.markLoading(URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:1")!)))
        state.pendingRedirect = URLRequest(url: URL(string: "http://x/next")!)
        guard case .cancel = state.timeOut() else { return XCTFail("the running task was not cancelled") }
        XCTAssertNil(state.takePendingRedirect())
        XCTAssertTrue(state.timedOut)
    }

    func test_c21_aTimeoutBeforeTheTaskIsMadeRefusesTheTask() {
        final class Delegate: NSObject, URLConnectionDataDelegate {}
        var state = ConnectionState(request: URLRequest(url: URL(string: "http://x")!), delegate: ConnectionDelegateRole(Delegate()))
        XCTAssertTrue(state.markStarted())
        guard case .reportNow = state.timeOut() else { return XCTFail("no task yet: the timeout must be reported now") }
        XCTAssertFalse(state.markLoading(URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:1")!)))
    }
}
