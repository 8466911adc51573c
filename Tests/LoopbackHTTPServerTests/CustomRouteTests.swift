import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import XCTest

final class CustomRouteTests: XCTestCase {
    func testCustomRouteTakesPrecedenceAndSeesTheRequest() throws {
        let server = try LoopbackServer(routes: [
            "/status/200": Route { request in
                ScriptedResponse(status: 299, headers: ["X-Seen-Query": request.query["q"] ?? "-"], body: Data("custom".utf8))
            },
        ])
        defer { server.stop() }

        let result = fetch(server.url("/status/200?q=hello%20world"))
        XCTAssertEqual(result.status, 299)
        XCTAssertEqual(result.text, "custom")
        XCTAssertEqual(result.response?.value(forHTTPHeaderField: "X-Seen-Query"), "hello world")
        // Only the exact path is taken over.
        XCTAssertEqual(fetch(server.url("/status/201")).status, 201)
    }

    func testRequestsAreRecordedInArrivalOrder() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url("/echo?a=1&b=two"))
        request.httpMethod = "POST"
        request.httpBody = Data("payload".utf8)
        request.setValue("Value", forHTTPHeaderField: "X-Test-Header")
        XCTAssertEqual(fetch(request).status, 200)
        XCTAssertEqual(fetch(server.url("/status/404")).status, 404)

        let recorded = server.requests
        XCTAssertEqual(recorded.count, 2)
        let first = try XCTUnwrap(recorded.first)
        XCTAssertEqual(first.method, "POST")
        XCTAssertEqual(first.target, "/echo?a=1&b=two")
        XCTAssertEqual(first.path, "/echo")
        XCTAssertEqual(first.query, ["a": "1", "b": "two"])
        XCTAssertEqual(first.header("x-test-header"), "Value")
        XCTAssertEqual(first.body, Data("payload".utf8))
        XCTAssertEqual(recorded.last?.path, "/status/404")

        server.clearRecordedRequests()
        XCTAssertTrue(server.requests.isEmpty)
    }

    func testRecordingWithoutBodiesStillEchoes() throws {
        let server = try LoopbackServer(recording: .withoutBodies)
        defer { server.stop() }
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "POST"
        request.httpBody = Data("kept out of the record".utf8)
        XCTAssertEqual(fetch(request).text, "kept out of the record")
        XCTAssertEqual(server.requests.first?.body, Data())
    }

    func testCustomChunksWithDelayAndRepeatedHeaders() throws {
        let server = try LoopbackServer(routes: [
            "/parts": .constant(ScriptedResponse(
                body: .chunks([Data("one ".utf8), Data(), Data("two ".utf8), Data("three".utf8)], delayMilliseconds: 10),
                additionalHeaders: [(name: "X-Repeat", value: "1"), (name: "X-Repeat", value: "2")]
            )),
        ])
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/parts")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.chunkSizes, [4, 4, 5])
        XCTAssertEqual(response.text, "one two three")
        XCTAssertEqual(response.headers.filter { $0.name == "X-Repeat" }.map(\.value), ["1", "2"])
    }

    func testRouteCanForceConnectionClose() throws {
        let server = try LoopbackServer(routes: [
            "/bye": .constant(ScriptedResponse(headers: ["Connection": "close"], body: Data("bye".utf8))),
        ])
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/bye")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(response.text, "bye")
        XCTAssertTrue(client.serverClosed())
    }

    func testDelayedCustomResponse() throws {
        let server = try LoopbackServer(routes: ["/slow": .constant(ScriptedResponse.text("slow").delayed(milliseconds: 50))])
        defer { server.stop() }
        XCTAssertEqual(fetch(server.url("/slow")).text, "slow")
    }

    func testStopEndsStalledURLSessionTask() throws {
        let arrived = expectation(description: "stalling route reached")
        let server = try LoopbackServer(routes: [
            "/hold": Route { _ in
                arrived.fulfill()
                return .stall
            },
        ])
        let session = makeSession()
        let (box, done) = startFetch(URLRequest(url: server.url("/hold")), session: session)
        wait(for: [arrived], timeout: 10)
        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        wait(for: [done], timeout: 10)
        XCTAssertNotNil(box.get().error)
        XCTAssertEqual(server.openConnections, 0)
    }

    func testRouteMayStopItsOwnServer() throws {
        let holder = ServerHolder()
        let stopped = expectation(description: "stop() returned inside the route")
        let server = try LoopbackServer(routes: [
            "/shutdown": Route { _ in
                holder.server?.stop()
                stopped.fulfill()
                return .text("stopping")
            },
        ])
        holder.server = server
        defer { holder.server = nil }
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/shutdown")
        wait(for: [stopped], timeout: 10)
        _ = client.readUntilClose()
        XCTAssertThrowsError(try RawHTTPClient(port: server.port))
    }

    func testPatternHelpers() {
        let data = LoopbackServer.patternBytes(count: 600)
        XCTAssertEqual(data[0], 0)
        XCTAssertEqual(data[250], 250)
        XCTAssertEqual(data[251], 0)
        XCTAssertEqual(data[599], UInt8(599 % 251))
        XCTAssertEqual(LoopbackServer.patternBytes(offset: 300, count: 10), data[300..<310])
        XCTAssertTrue(LoopbackServer.matchesPattern(data))
        XCTAssertTrue(LoopbackServer.matchesPattern(data[300...], offset: 300))
        var broken = data
        broken[400] ^= 0xFF
        XCTAssertFalse(LoopbackServer.matchesPattern(broken))
    }
}

/// Lets a route reach its own server without a retain cycle.
final class ServerHolder: @unchecked Sendable { // Sendable: `weakServer` is only touched while holding `lock`.
    private let lock = NSLock()
    private weak var weakServer: LoopbackServer?

    var server: LoopbackServer? {
        get { lock.withLock { weakServer } }
        set { lock.withLock { weakServer = newValue } }
    }
}
