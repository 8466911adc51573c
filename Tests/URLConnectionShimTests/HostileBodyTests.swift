import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C14b and C29: a server that floods — a 401 with a huge or endless
/// body, a body faster than the delegate — does not make the shim hold what it sends. Bodies are
/// streamed by the loopback server and checked as they arrive, never stored; the 1 GiB peak-RSS
/// measurement is in shim-benchmark (Docs/Performance.md).
final class HostileBodyTests: ShimTestCase {
    private static let challenge = ["WWW-Authenticate": "Basic realm=\"flood\""]
    /// More than anything the shim, curl and the sockets may hold between them with back-pressure,
    /// far less than a client without it lets the server send.
    private static let floodAllowance = 64 << 20

    override var routes: [String: Route] {
        [
            "/endless-401": .constant(ScriptedResponse(status: 401, headers: Self.challenge, body: .endlessChunkedPattern(chunkSize: 16384))),
            "/big-401": .constant(ScriptedResponse(status: 401, headers: Self.challenge, body: .pattern(count: 3 << 20))),
            "/flood": .constant(ScriptedResponse(body: .endlessChunkedPattern(chunkSize: 16384))),
        ]
    }

    func test_c14b_endless401BodyIsDeliveredNotHeld() {
        let delegate = PatternCheckingDelegate(cancelAfter: 4 << 20)
        let connection = URLConnection(request: request("/endless-401"), delegate: delegate, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        XCTAssertTrue(waitForCondition { delegate.snapshot.cancelled }, "the 401 and its body were held: \(delegate.snapshot)")
        let seen = delegate.snapshot
        XCTAssertEqual(seen.statuses, [401])
        XCTAssertTrue(seen.inPattern, "the body was changed")
        XCTAssertFalse(seen.sawChallenge, "the delegate was asked after it saw the 401's body")
    }

    func test_c14b_big401BodyPastTheLimitEndsAsTheFinalResponse() {
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/big-401"), mode: mode)
            XCTAssertEqual(recorder.milestones.filter { if case .challenge = $0 { true } else { false } }, [], "\(mode)")
            XCTAssertEqual(recorder.milestones.suffix(2), [.response(status: 401), .finish], "\(mode)")
            XCTAssertEqual(recorder.body.count, 3 << 20, "\(mode)")
            XCTAssertTrue(LoopbackServer.matchesPattern(recorder.body), "\(mode)")
        }
    }

    func test_c29_slowDelegateHoldsTheServerBack() {
        let delegate = PatternCheckingDelegate(cancelAfter: 24 << 20, delayPerPiece: 0.002)
        let connection = URLConnection(request: request("/flood"), delegate: delegate, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        XCTAssertTrue(waitForCondition { delegate.snapshot.bytes > 0 })
        // Without back-pressure the server gets this far within a fraction of a second.
        let flooded = waitForCondition(timeout: 2) { self.server.bytesSent > Self.floodAllowance }
        connection.cancel()
        XCTAssertFalse(flooded, "the server sent \(server.bytesSent) bytes while the delegate took \(delegate.snapshot.bytes)")
        XCTAssertTrue(delegate.snapshot.inPattern, "the body was changed")
    }

    func test_c29_slowDelegateGetsEveryByteInOrder() {
        let count = 40 << 20
        let delegate = PatternCheckingDelegate(cancelAfter: .max, delayPerPiece: 0.0002)
        let connection = URLConnection(request: request("/bytes/\(count)"), delegate: delegate, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        XCTAssertTrue(waitForCondition(timeout: 30) { delegate.snapshot.finished }, "\(delegate.snapshot)")
        XCTAssertEqual(delegate.snapshot.bytes, count)
        XCTAssertTrue(delegate.snapshot.inPattern)
    }

    /// Starts `request` with `delegate` on a delegate queue of its own.
    private func start(_ request: URLRequest, _ delegate: AnyObject) -> URLConnection {
        let connection = URLConnection(request: request, delegate: delegate, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        return connection
    }

    func test_c29_aSlowDelegateDoesNotHoldUpAnotherConnection() throws {
        let slow = PatternCheckingDelegate(cancelAfter: .max, delayPerPiece: 0.001)
        let slowConnection = start(request("/bytes/\(512 << 20)"), slow)
        defer { slowConnection.cancel() }
        // Past the high-water mark: the slow connection has the session to itself and holds the server back.
        XCTAssertTrue(waitForCondition(timeout: 10) { slow.snapshot.bytes > DeliveryFlowMarks.highWater + (4 << 20) }, "\(slow.snapshot)")
        let otherOrigin = try LoopbackServer()
        defer { otherOrigin.stop() }
        let small = ConnectionRecorder()
        let smallConnection = start(URLRequest(url: otherOrigin.url("/bytes/100"), timeoutInterval: 5), small)
        defer { smallConnection.cancel() }
        wait(for: [small.ended], timeout: 10)
        XCTAssertEqual(small.events.last, .finish, "\(small.events)")
        XCTAssertEqual(small.body.count, 100)
        XCTAssertFalse(slow.snapshot.finished, "the small load waited for the slow delegate's whole body")
        XCTAssertTrue(slow.snapshot.inPattern, "the body was changed")
    }

    func test_c29_whatASlowDelegateHasNotTakenOnASharedSessionComesBackInOrder() {
        // A load the server never answers shares the session the whole time: the slow connection
        // must not hold the session's event thread, so it keeps what its delegate has not taken on disk.
        let stalled = start(request("/stall"), ConnectionRecorder())
        defer { stalled.cancel() }
        let count = 48 << 20
        let slow = PatternCheckingDelegate(cancelAfter: .max, delayPerPiece: 0.0002)
        let slowConnection = start(request("/bytes/\(count)"), slow)
        defer { slowConnection.cancel() }
        let ranAhead = waitForCondition(timeout: 10) { self.server.bytesSent - slow.snapshot.bytes > 3 * DeliveryFlowMarks.highWater }
        XCTAssertTrue(ranAhead, "the server was held back: \(self.server.bytesSent) sent, \(slow.snapshot)")
        XCTAssertTrue(waitForCondition(timeout: 30) { slow.snapshot.finished }, "\(slow.snapshot)")
        XCTAssertEqual(slow.snapshot.bytes, count)
        XCTAssertTrue(slow.snapshot.inPattern, "the body was changed")
    }
}

/// The marks of `DeliveryFlow` (internal to the shim), as the tests reason about them.
private enum DeliveryFlowMarks {
    static let highWater = 8 << 20
}

/// A data delegate that checks each piece of the body against the loopback pattern as it arrives
/// (keeping none of it), optionally taking its time over each piece, and cancels after enough.
private final class PatternCheckingDelegate: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
    // Sendable: the script is immutable; what was seen is Locked.
    struct Seen: CustomStringConvertible {
        var statuses: [Int] = []
        var bytes = 0
        var inPattern = true
        var sawChallenge = false
        var cancelled = false
        var finished = false

        var description: String { "statuses \(statuses), \(bytes) bytes, finished \(finished), cancelled \(cancelled)" }
    }

    private let cancelAfter: Int
    private let delayPerPiece: TimeInterval
    private let seen = Locked(Seen())

    init(cancelAfter: Int, delayPerPiece: TimeInterval = 0) {
        self.cancelAfter = cancelAfter
        self.delayPerPiece = delayPerPiece
    }

    var snapshot: Seen { seen.withLock { $0 } }

    func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        seen.withLock { $0.sawChallenge = true }
        challenge.sender?.continueWithoutCredential(for: challenge)
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        seen.withLock { $0.statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0) }
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        if delayPerPiece > 0 {
            // The delegate's own slowness, which the shim must absorb.
            Thread.sleep(forTimeInterval: delayPerPiece)
        }
        let enough = seen.withLock { seen in
            seen.inPattern = seen.inPattern && LoopbackServer.matchesPattern(data, offset: seen.bytes)
            seen.bytes += data.count
            return seen.bytes >= cancelAfter && !seen.cancelled
        }
        if enough {
            connection.cancel()
            seen.withLock { $0.cancelled = true }
        }
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        seen.withLock { $0.finished = true }
    }
}
