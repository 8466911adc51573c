import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C17–C19: cancel, delegate retention, and nothing left behind.
final class CancelAndLifetimeTests: ShimTestCase {
    func test_c17_nothingArrivesAfterCancelOnTheDeliveryTarget() {
        for mode in DeliveryMode.allCases {
            for cancelPoint in [ConnectionRecorder.Event.willSend(path: "/chunked/400000", redirectedFrom: nil), .response(status: 200), .data] {
                let recorder = ConnectionRecorder()
                let cancelled = Locked(false)
                recorder.cancelAfter = { event in
                    guard event == cancelPoint else { return false }
                    return cancelled.withLock { done in defer { done = true }; return !done }
                }
                let connection = URLConnection(request: request("/chunked/400000?chunk=1000&delay_ms=1"), delegate: recorder, startImmediately: false)!
                let expectation = mode.apply(to: connection)
                connection.start()
                XCTAssertTrue(waitForCondition { recorder.events.contains(cancelPoint) }, "\(mode) \(cancelPoint)")
                let countAtCancel = recorder.events.firstIndex(of: cancelPoint)! + 1
                XCTAssertFalse(waitForCondition(timeout: 0.3) { recorder.events.count > countAtCancel }, "\(mode) \(cancelPoint): \(recorder.events.suffix(3))")
                expectation.finish()
            }
        }
    }

    func test_c17_cancelFromAnotherThreadIsSafeAndSendsNoFailure() {
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/chunked/1000000?chunk=1000&delay_ms=1"), delegate: recorder, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        XCTAssertTrue(waitForCondition { recorder.events.contains(.data) })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in connection.cancel() }
        let countAfterCancel = recorder.events.count
        XCTAssertFalse(waitForCondition(timeout: 0.3) { recorder.events.count > countAfterCancel + 1 })
        XCTAssertFalse(recorder.events.contains { if case .fail = $0 { true } else { false } })
    }

    func test_c17_cancelBeforeStartTwiceAndAfterFinishIsHarmless() {
        let early = ConnectionRecorder()
        let notStarted = URLConnection(request: request("/status/200"), delegate: early, startImmediately: false)!
        notStarted.cancel()
        notStarted.cancel()
        notStarted.start()
        XCTAssertFalse(waitForCondition(timeout: 0.3) { !early.events.isEmpty || !self.server.requests.isEmpty })

        let late = ConnectionRecorder()
        let finished = URLConnection(request: request("/status/200"), delegate: late)!
        wait(for: [late.ended], timeout: 10)
        finished.cancel()
        finished.cancel()
        XCTAssertEqual(late.milestones.last, .finish)
    }

    /// A challenge the delegate never answered is answered for it when the connection is
    /// cancelled: URLSession's handler must not be left waiting (it keeps the task alive).
    func test_c17_cancelWithAnUnansweredChallengeAnswersCancelAuthenticationChallenge() throws {
        final class Holder: ConnectionRecorder, @unchecked Sendable {
            // Sendable: as its superclass; `asked` is an expectation, itself thread-safe.
            let asked = XCTestExpectation(description: "challenge reached the delegate")
            override func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                asked.fulfill()
            }
        }
        final class UnusedSender: NSObject, URLAuthenticationChallengeSender {
            func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
            func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
            func cancel(_ challenge: URLAuthenticationChallenge) {}
            func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
            func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
        }
        let delegate = Holder()
        let queue = OperationQueue()
        let connection = try XCTUnwrap(URLConnection(request: request("/basic-auth/ada/lovelace"), delegate: delegate, startImmediately: false))
        prepareForBridge(connection, deliveringOn: queue)
        let space = URLProtectionSpace(
            host: "127.0.0.1", port: Int(server.port), protocol: NSURLProtectionSpaceHTTP, realm: "loopback",
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil, sender: UnusedSender())
        let answered = expectation(description: "URLSession's challenge handler")
        let answers = Locked<[URLSession.AuthChallengeDisposition]>([])
        connection.taskDidReceive(challenge) { disposition, _ in
            answers.withLock { $0.append(disposition) }
            answered.fulfill()
        }
        wait(for: [delegate.asked], timeout: 5)
        XCTAssertEqual(answers.withLock { $0 }, [], "answered before the delegate did anything")
        connection.cancel()
        wait(for: [answered], timeout: 5)
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(answers.withLock { $0 }, [.cancelAuthenticationChallenge])
    }

    func test_c18_delegateRetainedWhileLoadingAndReleasedAfter() {
        weak var weakDelegate: ConnectionRecorder?
        weak var weakConnection: URLConnection?
        let ended: XCTestExpectation
        do {
            let recorder = ConnectionRecorder()
            ended = recorder.ended
            weakDelegate = recorder
            // Nobody keeps the connection past this block: the shim must keep it loading.
            let connection = URLConnection(request: request("/delay/100"), delegate: recorder)
            weakConnection = connection
        }
        XCTAssertNotNil(weakDelegate, "delegate released while loading")
        wait(for: [ended], timeout: 10)
        XCTAssertTrue(waitForCondition { weakDelegate == nil && weakConnection == nil }, "delegate or connection outlived the load")
    }

    func test_c18_cancelReleasesDelegate() {
        weak var weakDelegate: ConnectionRecorder?
        var connection: URLConnection?
        do {
            let recorder = ConnectionRecorder()
            weakDelegate = recorder
            connection = URLConnection(request: request("/stall"), delegate: recorder)
        }
        XCTAssertTrue(waitForCondition { !self.server.requests.isEmpty })
        connection?.cancel()
        XCTAssertNil(weakDelegate)
        connection = nil
        XCTAssertTrue(waitForCondition { SessionHub.shared.runningTaskCount == 0 })
    }

    func test_c19_connectionsShareSessionsAndLeaveNothingBehind() {
        _ = run(request("/status/200"), mode: .delegateQueue)
        let sessionsBefore = SessionHub.shared.sessionsCreated
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        var weakConnections: [() -> AnyObject?] = []
        var recorders: [ConnectionRecorder] = []
        for index in 0..<200 {
            let recorder = ConnectionRecorder()
            let connection = URLConnection(request: request("/bytes/\(index)"), delegate: recorder, startImmediately: false)!
            connection.setDelegateQueue(queue)
            connection.start()
            weak let weakConnection = connection
            weakConnections.append { weakConnection }
            recorders.append(recorder)
        }
        wait(for: recorders.map(\.ended), timeout: 30)
        XCTAssertEqual(SessionHub.shared.sessionsCreated, sessionsBefore)
        XCTAssertTrue(waitForCondition { SessionHub.shared.runningTaskCount == 0 })
        XCTAssertTrue(waitForCondition { weakConnections.allSatisfy { $0() == nil } })
    }
}
