import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test case with a fresh loopback server and helpers to run a connection to its end under
/// a delivery mode, checking where every message arrived.
class ShimTestCase: XCTestCase {
    var server: LoopbackServer!

    /// Scripted routes a test class adds to the server's built-in ones.
    var routes: [String: Route] { [:] }

    override func setUpWithError() throws {
        server = try LoopbackServer(routes: routes)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func request(_ pathAndQuery: String) -> URLRequest {
        URLRequest(url: server.url(pathAndQuery), timeoutInterval: 10)
    }

    /// Makes `connection` look started and delivering on `queue`, without a task: for tests that
    /// feed events straight into its URLSession bridge.
    func prepareForBridge(_ connection: URLConnection, deliveringOn queue: OperationQueue) {
        connection.state.withLock { state in
            _ = state.markStarted()
            state.mailbox = MessageMailbox(target: .queue(queue))
        }
    }

    /// Runs `request` to its terminal message under `mode` and asserts that every message arrived
    /// where the mode says, none overlapped, and exactly one terminal message came last.
    @discardableResult
    func run(
        _ request: URLRequest, mode: DeliveryMode, recorder: ConnectionRecorder = ConnectionRecorder(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> ConnectionRecorder {
        let connection = URLConnection(request: request, delegate: recorder, startImmediately: false)!
        let expectation = mode.apply(to: connection)
        defer { expectation.finish() }
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        assertDelivered(recorder, as: expectation, mode: mode, file: file, line: line)
        return recorder
    }

    func assertDelivered(
        _ recorder: ConnectionRecorder, as expectation: DeliveryExpectation, mode: DeliveryMode,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for delivery in recorder.deliveries {
            if let violation = expectation.violation(by: delivery.context) {
                XCTFail("\(mode): \(delivery.event) \(violation)", file: file, line: line)
            }
        }
        XCTAssertFalse(recorder.sawOverlap, "\(mode): two messages ran at once", file: file, line: line)
        let terminals = recorder.events.filter { $0 == .finish || { if case .fail = $0 { true } else { false } }($0) }
        XCTAssertEqual(terminals.count, 1, "\(mode): terminal messages \(recorder.events)", file: file, line: line)
        XCTAssertEqual(recorder.events.last, terminals.first, "\(mode): a message followed the terminal one", file: file, line: line)
    }
}
