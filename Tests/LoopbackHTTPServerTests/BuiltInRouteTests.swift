import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import XCTest

final class BuiltInRouteTests: XCTestCase {
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer()
    }

    override func tearDown() {
        server.stop()
        server = nil
    }

    private func rawGET(_ target: String, headers: [String] = []) throws -> RawResponse {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", target, headers: headers)
        return try XCTUnwrap(client.readResponse(), "no response for \(target)")
    }

    func testStatusRouteAnswersWithThatStatus() throws {
        let result = fetch(server.url("/status/404"))
        XCTAssertNil(result.error)
        XCTAssertEqual(result.status, 404)
        XCTAssertEqual(result.text, "status 404")

        let raw = try rawGET("/status/503")
        XCTAssertEqual(raw.status, 503)
        XCTAssertEqual(raw.header("Content-Length"), "10")
        XCTAssertEqual(raw.text, "status 503")
    }

    func testStatus204HasNoBody() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/status/204")
        client.request("GET", "/status/200")
        XCTAssertEqual(client.readResponse()?.status, 204)
        // If the 204 had carried a body, it would be read as the next status line.
        XCTAssertEqual(client.readResponse()?.text, "status 200")
    }

    func testBytesRouteSendsThePattern() throws {
        let result = fetch(server.url("/bytes/1000?x=1"))
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.data, LoopbackServer.patternBytes(count: 1000))
        XCTAssertEqual(result.response?.value(forHTTPHeaderField: "Content-Length"), "1000")

        let empty = try rawGET("/bytes/0")
        XCTAssertEqual(empty.status, 200)
        XCTAssertEqual(empty.body.count, 0)
    }

    func testChunkedRouteUsesRequestedChunkSize() throws {
        let raw = try rawGET("/chunked/2500?chunk=1000&delay_ms=5")
        XCTAssertEqual(raw.header("Transfer-Encoding"), "chunked")
        XCTAssertNil(raw.header("Content-Length"))
        XCTAssertEqual(raw.chunkSizes, [1000, 1000, 500])
        XCTAssertEqual(raw.body, LoopbackServer.patternBytes(count: 2500))

        let result = fetch(server.url("/chunked/100000"))
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.data.map { LoopbackServer.matchesPattern($0) }, true)
        XCTAssertEqual(result.data?.count, 100_000)
    }

    func testRedirectChainEndsAtZero() throws {
        let raw = try rawGET("/redirect/2")
        XCTAssertEqual(raw.status, 302)
        XCTAssertEqual(raw.header("Location"), "/redirect/1")

        let result = fetch(server.url("/redirect/3"))
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.text, "redirected")
        XCTAssertEqual(result.response?.url?.path, "/redirect/0")
        XCTAssertEqual(server.requests.map(\.path).suffix(4), ["/redirect/3", "/redirect/2", "/redirect/1", "/redirect/0"])
    }

    func testRedirectToUsesGivenLocationAndStatus() throws {
        let raw = try rawGET("/redirect-to?url=http%3A%2F%2Fexample.invalid%2Fx%3Fy%3D1&status=307")
        XCTAssertEqual(raw.status, 307)
        XCTAssertEqual(raw.header("Location"), "http://example.invalid/x?y=1")

        let defaulted = try rawGET("/redirect-to?url=/status/201")
        XCTAssertEqual(defaulted.status, 302)
        let followed = fetch(server.url("/redirect-to?url=/status/201"))
        XCTAssertEqual(followed.status, 201)
    }

    func testRedirectLoopPointsAtItself() throws {
        let raw = try rawGET("/redirect-loop")
        XCTAssertEqual(raw.status, 302)
        XCTAssertEqual(raw.header("Location"), "/redirect-loop")

        let result = fetch(server.url("/redirect-loop"))
        XCTAssertNotNil(result.error, "a client must give up on an endless redirect")
    }

    func testBasicAuthChallengesThenAccepts() throws {
        let challenged = try rawGET("/basic-auth/alice/s3cret")
        XCTAssertEqual(challenged.status, 401)
        XCTAssertEqual(challenged.header("WWW-Authenticate"), "Basic realm=\"loopback\"")
        XCTAssertEqual(challenged.text, "unauthorized")

        let wrong = try rawGET("/basic-auth/alice/s3cret", headers: ["Authorization: Basic " + Data("alice:nope".utf8).base64EncodedString()])
        XCTAssertEqual(wrong.status, 401)

        var request = URLRequest(url: server.url("/basic-auth/alice/s3cret"))
        request.setValue("Basic " + Data("alice:s3cret".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let result = fetch(request)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.text, "authenticated alice")
    }

    func testDelayAnswersAfterTheDelay() throws {
        let started = Date()
        let result = fetch(server.url("/delay/100"))
        XCTAssertEqual(result.text, "delayed 100")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.1)
    }

    func testEchoReturnsBodyTypeAndMethod() throws {
        var request = URLRequest(url: server.url("/echo"))
        request.httpMethod = "PUT"
        request.httpBody = Data("hello echo".utf8)
        request.setValue("text/x-test", forHTTPHeaderField: "Content-Type")
        let result = fetch(request)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.text, "hello echo")
        XCTAssertEqual(result.response?.value(forHTTPHeaderField: "Content-Type"), "text/x-test")
        XCTAssertEqual(result.response?.value(forHTTPHeaderField: "X-Echo-Method"), "PUT")
        XCTAssertEqual(result.response?.value(forHTTPHeaderField: "X-Echo-Length"), "10")

        let raw = try rawGET("/echo")
        XCTAssertEqual(raw.header("Content-Type"), "application/octet-stream")
        XCTAssertEqual(raw.header("X-Echo-Method"), "GET")
        XCTAssertEqual(raw.header("X-Echo-Length"), "0")
    }

    func testGetAndPostRoutesDescribeTheRequestAsJSON() throws {
        let get = try rawGET("/get?key=value", headers: ["X-Probe: 1"])
        XCTAssertEqual(get.header("Content-Type"), "application/json")
        let description = try XCTUnwrap(JSONSerialization.jsonObject(with: get.body) as? [String: Any])
        XCTAssertEqual(description["args"] as? [String: String], ["key": "value"])
        XCTAssertEqual((description["headers"] as? [String: String])?["X-Probe"], "1")

        let client = try RawHTTPClient(port: server.port)
        client.send("POST /post HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9\r\n\r\nkey=value")
        let post = try XCTUnwrap(client.readResponse())
        let posted = try XCTUnwrap(JSONSerialization.jsonObject(with: post.body) as? [String: Any])
        XCTAssertEqual(posted["data"] as? String, "key=value")
        XCTAssertEqual(try rawGET("/post").status, 404)
    }

    func testResponseHeadersRouteSendsTheQueryAsHeaders() throws {
        let raw = try rawGET("/response-headers?Content-Type=text/plain;%20charset=%22Shift_JIS%22")
        XCTAssertEqual(raw.status, 200)
        XCTAssertEqual(raw.header("Content-Type"), "text/plain; charset=\"Shift_JIS\"")
        let listed = try XCTUnwrap(JSONSerialization.jsonObject(with: raw.body) as? [String: String])
        XCTAssertEqual(listed["Content-Type"], "text/plain; charset=\"Shift_JIS\"")
    }

    func testWebDAVTreeKeepsWhatIsPutCopiedAndMoved() throws {
        let client = try RawHTTPClient(port: server.port)
        func send(_ method: String, _ path: String, headers: [String] = [], body: String = "") throws -> RawResponse {
            client.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n"
                + headers.map { $0 + "\r\n" }.joined() + "\r\n" + body)
            return try XCTUnwrap(client.readResponse(), "no response to \(method) \(path)")
        }
        XCTAssertEqual(try send("MKCOL", "/dav/folder").status, 201)
        XCTAssertEqual(try send("MKCOL", "/dav/folder").status, 405)
        XCTAssertEqual(try send("PUT", "/dav/folder/a.txt", body: "blah").status, 201)
        XCTAssertEqual(try send("GET", "/dav/folder/a.txt").text, "blah")
        XCTAssertEqual(try send("COPY", "/dav/folder/a.txt", headers: ["Destination: http://127.0.0.1/dav/folder/b.txt"]).status, 201)
        XCTAssertEqual(try send("MOVE", "/dav/folder/b.txt", headers: ["Destination: http://127.0.0.1/dav/folder/c.txt"]).status, 201)
        XCTAssertEqual(try send("GET", "/dav/folder/b.txt").status, 404)

        let listing = try send("PROPFIND", "/dav/folder", headers: ["Depth: 1"])
        XCTAssertEqual(listing.status, 207)
        let hrefs = listing.text.components(separatedBy: "<href>").dropFirst().map { $0.components(separatedBy: "</href>")[0] }
        XCTAssertEqual(hrefs, ["/dav/folder/", "/dav/folder/a.txt", "/dav/folder/c.txt"])

        XCTAssertEqual(try send("DELETE", "/dav/folder").status, 204)
        XCTAssertEqual(try send("GET", "/dav/folder/c.txt").status, 404)
        XCTAssertEqual(try send("PROPFIND", "/dav/folder").status, 404)
    }

    func testHeadersRouteListsRequestHeaders() throws {
        let raw = try rawGET("/headers", headers: ["X-Custom: yes", "Accept: */*"])
        XCTAssertEqual(raw.text, "Host: 127.0.0.1\nX-Custom: yes\nAccept: */*\n")
    }

    func testDropDeclaresMoreThanItSends() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/drop/100000/1000")
        let response = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(response.header("Content-Length"), "100000")
        XCTAssertEqual(client.readUntilClose(), LoopbackServer.patternBytes(count: 1000))

        let result = fetch(server.url("/drop/100000/1000"))
        XCTAssertNotNil(result.error, "a body cut short must be a client error")
    }

    func testCloseSendsNothing() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("GET", "/close")
        XCTAssertEqual(client.readUntilClose(), Data())
        XCTAssertTrue(client.serverClosed())

        XCTAssertNotNil(fetch(server.url("/close")).error)
    }

    func testCacheCountsResponses() throws {
        let first = try rawGET("/cache/60")
        XCTAssertEqual(first.header("Cache-Control"), "max-age=60")
        XCTAssertEqual(first.text, "cached 1")
        XCTAssertEqual(try rawGET("/cache/60").text, "cached 2")
    }

    func testCookiesAreSetAndEchoed() throws {
        let set = try rawGET("/cookie/set?b=2&a=1")
        XCTAssertEqual(set.headers.filter { $0.name == "Set-Cookie" }.map(\.value), ["a=1; Path=/", "b=2; Path=/"])
        XCTAssertEqual(try rawGET("/cookie/get", headers: ["Cookie: a=1; b=2"]).text, "a=1; b=2")
    }

    func testUnknownPathIsNotFound() throws {
        let result = fetch(server.url("/no/such/thing"))
        XCTAssertEqual(result.status, 404)
        XCTAssertEqual(result.text, "not found")
        XCTAssertEqual(try rawGET("/status/abc").status, 404)
    }

    func testHeadSendsHeadersWithoutBody() throws {
        let client = try RawHTTPClient(port: server.port)
        client.request("HEAD", "/bytes/100")
        client.request("GET", "/status/201")
        let head = try XCTUnwrap(client.readResponse(bodyless: true))
        XCTAssertEqual(head.header("Content-Length"), "100")
        XCTAssertEqual(client.readResponse()?.status, 201, "HEAD must not have sent a body")
    }
}
