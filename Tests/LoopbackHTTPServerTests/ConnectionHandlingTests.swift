import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import XCTest

final class ConnectionHandlingTests: XCTestCase {
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer()
    }

    override func tearDown() {
        server.stop()
        XCTAssertEqual(server.runningThreads, 0, "stop() must wait for every server thread")
        server = nil
    }

    func testSequentialRequestsReuseOneKeepAliveConnection() {
        let session = makeSession()
        for index in 0..<5 {
            let result = fetch(server.url("/bytes/\(index * 100)"), session: session)
            XCTAssertEqual(result.status, 200)
            XCTAssertEqual(result.response?.value(forHTTPHeaderField: "Connection"), "keep-alive")
        }
        XCTAssertEqual(server.connectionsAccepted, 1)
        XCTAssertEqual(server.requests.count, 5)
    }

    func testConnectionCloseIsHonoured() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/status/200", headers: ["Connection: close"])
        XCTAssertEqual(client.readResponse()?.header("Connection"), "close")
        XCTAssertTrue(client.serverClosed())
    }

    func testHTTP10ClosesUnlessKeepAliveAsked() throws {
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /status/200 HTTP/1.0\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.header("Connection"), "close")
        XCTAssertTrue(client.serverClosed())

        let keptAlive = try RawHTTPClient(port: server.port)
        keptAlive.send("GET /status/200 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(keptAlive.readResponse()?.header("Connection"), "keep-alive")
        keptAlive.request("GET", "/status/201")
        XCTAssertEqual(keptAlive.readResponse()?.status, 201)
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /status/201 HTTP/1.1\r\nHost: x\r\n\r\nGET /status/202 HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 201)
        XCTAssertEqual(client.readResponse()?.status, 202)
        XCTAssertEqual(server.connectionsAccepted, 1)
    }

    func testSixtyFourConnectionsAreServedAtOnce() throws {
        // Every connection is open and waiting on a delayed answer at the same time; served one
        // after another this would take 64 x 300 ms, and the clients' 10 s read timeout would fire.
        let clients = try (0..<64).map { _ in try RawHTTPClient(port: server.port) }
        let started = Date()
        for client in clients { client.request("GET", "/delay/300") }
        for client in clients { XCTAssertEqual(client.readResponse()?.text, "delayed 300") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 64 * 0.3 / 2, "not served one after another")
        // A second round on the same connections: all kept alive.
        for (index, client) in clients.enumerated() { client.request("GET", "/bytes/\(index)") }
        for (index, client) in clients.enumerated() {
            XCTAssertEqual(client.readResponse()?.body, LoopbackServer.patternBytes(count: index))
        }
        XCTAssertEqual(server.connectionsAccepted, 64)
        XCTAssertEqual(server.openConnections, 64)
    }

    func testSixtyFourConcurrentURLSessionRequests() {
        let session = makeSession(maximumConnectionsPerHost: 64)
        let fetches = (0..<64).map { index in
            startFetch(URLRequest(url: server.url(index.isMultiple(of: 2) ? "/delay/100" : "/bytes/\(index * 1000)")), session: session)
        }
        wait(for: fetches.map(\.1), timeout: 60)
        for (index, (box, _)) in fetches.enumerated() {
            let result = box.get()
            XCTAssertNil(result.error)
            XCTAssertEqual(result.status, 200)
            if index.isMultiple(of: 2) {
                XCTAssertEqual(result.text, "delayed 100")
            } else {
                XCTAssertEqual(result.data, LoopbackServer.patternBytes(count: index * 1000))
            }
        }
        XCTAssertEqual(server.requests.count, 64)
    }

    func testThirtyTwoMebibyteBodyMatchesPattern() throws {
        let count = 32 * 1024 * 1024
        let result = fetch(server.url("/bytes/\(count)"), session: makeSession(), timeout: 120)
        XCTAssertNil(result.error)
        let data = try XCTUnwrap(result.data)
        XCTAssertEqual(data.count, count)
        XCTAssertTrue(LoopbackServer.matchesPattern(data))
    }

    func testQuarterGibibyteBodyIsStreamed() throws {
        let count = 256 * 1024 * 1024
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/bytes/\(count)")
        let head = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(head.header("Content-Length"), String(count))
        XCTAssertEqual(client.readPatternBody(count: count), count)
        // Still usable afterwards: the whole body, and nothing more, was sent.
        client.request("GET", "/status/200")
        XCTAssertEqual(client.readResponse()?.status, 200)
    }

    func testStopEndsStalledConnectionPromptly() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/stall")
        // A second request on another connection is answered while the first one stalls.
        let other = try RawHTTPClient(port: server.port)
        other.request("GET", "/status/200")
        XCTAssertEqual(other.readResponse()?.status, 200)

        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertTrue(client.serverClosed(), "the stalled connection must be closed by stop()")
        XCTAssertEqual(server.openConnections, 0)
        server.stop() // idempotent
    }

    func testStopInterruptsDelaysWithoutBlockingOthers() throws {
        let delayed = try RawHTTPClient(port: server.port)
        delayed.request("GET", "/delay/60000")
        let other = try RawHTTPClient(port: server.port)
        other.request("GET", "/chunked/10?chunk=1&delay_ms=60000")
        let third = try RawHTTPClient(port: server.port)
        third.request("GET", "/echo")
        XCTAssertEqual(third.readResponse()?.status, 200)
        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 60 / 30, "stop() does not wait out the 60 s delays")
        XCTAssertNil(delayed.readResponse())
        XCTAssertTrue(delayed.serverClosed())
        _ = other.readUntilClose()
        XCTAssertTrue(other.serverClosed())
    }

    func testClientsThatNeverSendOrCloseMidRequestDoNotBlockOthers() throws {
        let silent = try RawHTTPClient(port: server.port)
        let partial = try RawHTTPClient(port: server.port)
        partial.send("GET /status/200 HTTP/1.1\r\nHost: x\r\nX-Half: ")
        partial.closeSocket()
        let partialBody = try RawHTTPClient(port: server.port)
        partialBody.send("POST /echo HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly a bit")
        partialBody.closeSocket()

        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/status/200")
        XCTAssertEqual(client.readResponse()?.status, 200)
        withExtendedLifetime(silent) {}
    }

    func testMalformedRequestLineGets400AndClose() throws {
        for line in ["GARBAGE", "GET /x", "GET /x HTTP/2.0", "GET x HTTP/1.1", "G(T /x HTTP/1.1"] {
            let client = try RawHTTPClient(port: server.port)
            client.send(line + "\r\nHost: x\r\n\r\n")
            let response = client.readResponse()
            XCTAssertEqual(response?.status, 400, line)
            XCTAssertEqual(response?.header("Connection"), "close", line)
            XCTAssertTrue(client.serverClosed(), line)
        }
        let badHeader = try RawHTTPClient(port: server.port)
        badHeader.send("GET / HTTP/1.1\r\nno colon here\r\n\r\n")
        XCTAssertEqual(badHeader.readResponse()?.status, 400)
    }

    func testHugeHeadersGet431AndClose() throws {
        let client = try RawHTTPClient(port: server.port)
        client.send("GET /status/200 HTTP/1.1\r\nX-Huge: " + String(repeating: "a", count: 100_000) + "\r\n\r\n")
        let response = client.readResponse()
        XCTAssertEqual(response?.status, 431)
        XCTAssertTrue(client.serverClosed())
    }

    func testChunkedUploadIsDechunked() throws {
        let client = try RawHTTPClient(port: server.port)
        client.send("POST /echo?a=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.text, "hello world")
        XCTAssertEqual(response.header("X-Echo-Length"), "11")
        XCTAssertEqual(server.requests.last?.body, Data("hello world".utf8))
        XCTAssertEqual(server.requests.last?.query, ["a": "1"])
    }

    func testExpectContinueIsAnswered() throws {
        let client = try RawHTTPClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 100)
        client.send("data")
        XCTAssertEqual(client.readResponse()?.text, "data")
    }

    func testStreamedUploadFromURLSession() throws {
        let payload = LoopbackServer.patternBytes(count: 300_000)
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: payload)
        let result = fetch(request, session: makeSession())
        XCTAssertNil(result.error)
        XCTAssertEqual(result.data, payload)
        XCTAssertEqual(server.requests.last?.body.count, payload.count)
        XCTAssertEqual(server.requests.last?.header("Transfer-Encoding"), "chunked", "a stream of unknown length is uploaded chunked")
    }

    func testConnectionsBeyondTheCapGet503() throws {
        let capped = try LoopbackServer(recording: .full, maximumOpenConnections: 2)
        defer { capped.stop() }
        let first = try RawHTTPClient(port: capped.port)
        let second = try RawHTTPClient(port: capped.port)
        first.request("GET", "/stall")
        second.request("GET", "/stall")
        let third = try RawHTTPClient(port: capped.port)
        XCTAssertEqual(third.readResponse()?.status, 503)
        XCTAssertTrue(third.serverClosed())
        XCTAssertEqual(capped.connectionsAccepted, 2)
    }

    func testClientVanishingMidBodyDoesNotKillTheProcess() throws {
        // Writing to a socket the client has reset raises SIGPIPE unless the server suppresses it.
        for _ in 0..<3 {
            let client = try RawHTTPClient(port: server.port)
            client.request("GET", "/bytes/\(256 * 1024 * 1024)")
            XCTAssertEqual(client.readResponse(bodyless: true)?.status, 200)
            client.closeSocket()
        }
        let after = try RawHTTPClient(port: server.port)
        after.request("GET", "/status/200")
        XCTAssertEqual(after.readResponse()?.status, 200)
    }

    func testDeinitStopsServer() throws {
        var server: LoopbackServer? = try LoopbackServer()
        let port = try XCTUnwrap(server?.port)
        let client = try RawHTTPClient(port: port)
        client.request("GET", "/stall")
        XCTAssertNotNil(try? RawHTTPClient(port: port))
        server = nil
        XCTAssertTrue(client.serverClosed())
        XCTAssertThrowsError(try RawHTTPClient(port: port), "the listener must be closed")
    }

    #if os(Linux)
    func testStopLeaksNoDescriptors() throws {
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        let before = try openDescriptors()
        do {
            let server = try LoopbackServer()
            let clients = try (0..<10).map { _ in try RawHTTPClient(port: server.port) }
            for client in clients { client.request("GET", "/stall") }
            let probe = try RawHTTPClient(port: server.port)
            probe.request("GET", "/status/200")
            XCTAssertEqual(probe.readResponse()?.status, 200)
            server.stop()
            XCTAssertEqual(server.runningThreads, 0)
            for client in clients { client.closeSocket() }
            probe.closeSocket()
        }
        XCTAssertLessThanOrEqual(try openDescriptors(), before)
    }
    #endif
}
