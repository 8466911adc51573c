import Foundation
import LoopbackHTTPServer
import XCTest

/// The body modes a hostile server needs: bytes that are not HTTP, a reset mid-body,
/// and a body that never ends — plus the count of bytes sent that shows how far a client let the
/// server get.
final class HostileResponseTests: XCTestCase {
    private static let garbage = Data("HELLO WORLD\r\n\r\nnot http at all".utf8)
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer(routes: [
            "/raw": .constant(ScriptedResponse(body: .raw(Self.garbage))),
            "/reset": .constant(ScriptedResponse(body: .resetPattern(declaredLength: 1 << 20, sentLength: 1000))),
            "/endless": .constant(ScriptedResponse(body: .endlessChunkedPattern(chunkSize: 4096))),
        ])
    }

    override func tearDown() {
        server.stop()
        XCTAssertEqual(server.runningThreads, 0, "stop() must wait for every server thread")
        server = nil
    }

    func testRawBytesAreSentVerbatimThenTheConnectionCloses() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/raw")
        XCTAssertEqual(client.readUntilClose(), Self.garbage)
    }

    func testResetPatternSendsPartOfTheBodyThenResets() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/reset")
        let head = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(head.header("Content-Length"), String(1 << 20))
        XCTAssertTrue(client.endsWithReset(), "the connection ended with a FIN, not a reset")
    }

    func testEndlessBodyFlowsUntilTheClientLeavesAndIsCounted() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/endless")
        let head = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(head.header("Transfer-Encoding"), "chunked")
        // Framing included, so more than 8 MiB arrive before 8 MiB of it are read here.
        XCTAssertEqual(client.discard(8 << 20), 8 << 20)
        XCTAssertGreaterThan(server.bytesSent, 8 << 20)
        client.closeSocket()
        XCTAssertTrue(waitUntil { self.server.openConnections == 0 }, "the server kept sending to a client that left")
    }

    private func waitUntil(timeout: TimeInterval = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        return condition()
    }
}
