import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C12b: what a redirect carries to its target. A second loopback
/// server (another port) and `localhost` (another host, same server) are the other origins.
final class HostileRedirectTests: ShimTestCase {
    private var other: LoopbackServer!
    private static let originBound = ["Authorization": "Basic c2VjcmV0OnNlY3JldA==", "Proxy-Authorization": "Basic cHJveHk6cHJveHk=", "Cookie": "session=secret"]

    override var routes: [String: Route] {
        [
            // A 302 that sets a cookie and sends the client to the path that echoes its cookies.
            "/set-cookie-and-redirect": Route { request in
                var response = ScriptedResponse.redirect(to: "/cookie/get")
                response.additionalHeaders = [(name: "Set-Cookie", value: "redirect\(request.query["id"] ?? "")=set; Path=/")]
                return response
            },
            // Basic auth; once authenticated, a redirect to wherever `to` says.
            "/auth-then-redirect": Route { request in
                guard request.header("Authorization") == "Basic " + Data("ada:lovelace".utf8).base64EncodedString() else {
                    var challenge = ScriptedResponse.text("unauthorized", status: 401)
                    challenge.headers["WWW-Authenticate"] = "Basic realm=\"origin\""
                    return challenge
                }
                return .redirect(to: request.query["to"] ?? "/headers")
            },
        ]
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        other = try LoopbackServer()
    }

    override func tearDown() {
        other?.stop()
        other = nil
        // The cookies `/set-cookie-and-redirect` set would otherwise go with every later request.
        for cookie in HTTPCookieStorage.shared.cookies ?? [] where cookie.name.hasPrefix("redirect") {
            HTTPCookieStorage.shared.deleteCookie(cookie)
        }
        super.tearDown()
    }

    /// The other origins a redirect from `server` can lead to, by what differs.
    private func otherOrigins(_ path: String) -> [(String, LoopbackServer, String)] {
        [
            ("another port", other, other.url(path).absoluteString),
            ("another host", server, "http://localhost:\(server.port)\(path)"),
        ]
    }

    private func redirecting(to target: String, status: Int, method: String = "GET", body: Data? = nil) -> URLRequest {
        let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target
        var redirect = request("/redirect-to?status=\(status)&url=\(escaped)")
        redirect.httpMethod = method
        redirect.httpBody = body
        for (name, value) in Self.originBound {
            redirect.setValue(value, forHTTPHeaderField: name)
        }
        return redirect
    }

    private func lastRequest(to path: String, on target: LoopbackServer) -> RecordedRequest? {
        target.requests.last { $0.path == path }
    }

    func test_c12b_crossOriginRedirectDropsCredentialsAndCookiesThroughEveryPath() throws {
        let paths: [(String, (URLRequest) throws -> Void)] = [
            ("delegate", { [self] in run($0, mode: .delegateQueue) }),
            ("sendSynchronousRequest", { _ = try URLConnection.sendSynchronousRequest($0, returning: nil) }),
            ("sendAsynchronousRequest", { [self] request in
                let done = expectation(description: "handler")
                URLConnection.sendAsynchronousRequest(request, queue: OperationQueue()) { _, _, _ in done.fulfill() }
                wait(for: [done], timeout: 10)
            }),
        ]
        for (pathName, load) in paths {
            for status in [301, 302, 303, 307, 308] {
                for (originName, target, url) in otherOrigins("/headers") {
                    target.clearRecordedRequests()
                    try load(redirecting(to: url, status: status))
                    let arrived = try XCTUnwrap(lastRequest(to: "/headers", on: target), "\(pathName) \(status) \(originName): not followed")
                    for (name, value) in Self.originBound {
                        // A Cookie header from the cookie storage, for the target's own URL, is fine.
                        XCTAssertFalse(arrived.header(name)?.contains(value) ?? false, "\(pathName) \(status) \(originName): \(name) leaked to the other origin")
                    }
                }
            }
        }
    }

    func test_c12b_sameOriginRedirectKeepsCredentials() throws {
        for status in [301, 302, 307] {
            server.clearRecordedRequests()
            run(redirecting(to: "/headers", status: status), mode: .delegateQueue)
            let arrived = try XCTUnwrap(lastRequest(to: "/headers", on: server))
            XCTAssertEqual(arrived.header("Authorization"), Self.originBound["Authorization"], "\(status)")
            XCTAssertEqual(arrived.header("Proxy-Authorization"), Self.originBound["Proxy-Authorization"], "\(status)")
        }
    }

    func test_c12b_willSendSeesTheStrippedRequestAndMayAddCredentialsBack() throws {
        final class Restorer: ConnectionRecorder, @unchecked Sendable {
            // Sendable: `seen` is written on the delegate queue and read after the load ended.
            var seen: [String: String]?
            override func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
                var chosen = super.connection(connection, willSend: request, redirectResponse: response)
                if response != nil {
                    seen = request.allHTTPHeaderFields
                    chosen?.setValue("Bearer given-back", forHTTPHeaderField: "Authorization")
                }
                return chosen
            }
        }
        let recorder = Restorer()
        run(redirecting(to: other.url("/headers").absoluteString, status: 302), mode: .delegateQueue, recorder: recorder)
        XCTAssertNil(recorder.seen?["Authorization"])
        XCTAssertNil(recorder.seen?["Cookie"])
        XCTAssertEqual(lastRequest(to: "/headers", on: other)?.header("Authorization"), "Bearer given-back")
    }

    func test_c12b_307And308KeepMethodAndBody() throws {
        let body = LoopbackServer.patternBytes(count: 200_000)
        for status in [307, 308] {
            for (originName, target, url) in [("same origin", server!, server.url("/echo").absoluteString)] + otherOrigins("/echo") {
                let recorder = run(redirecting(to: url, status: status, method: "PUT", body: body), mode: .delegateQueue)
                let arrived = try XCTUnwrap(lastRequest(to: "/echo", on: target), "\(status) \(originName)")
                XCTAssertEqual(arrived.method, "PUT", "\(status) \(originName)")
                XCTAssertEqual(arrived.body, body, "\(status) \(originName): body lost")
                XCTAssertEqual(recorder.body, body, "\(status) \(originName)")
            }
        }
    }

    func test_c12b_307StreamBodyIsAskedForAgainOrFailsClearly() throws {
        let body = Data("streamed twice".utf8)
        var upload = request("/redirect-to?status=307&url=/echo")
        upload.httpMethod = "POST"
        upload.httpBodyStream = InputStream(data: body)

        let supplying = ConnectionRecorder()
        supplying.bodyStream = { InputStream(data: body) }
        run(upload, mode: .delegateQueue, recorder: supplying)
        XCTAssertTrue(supplying.events.contains(.needBodyStream))
        XCTAssertEqual(lastRequest(to: "/echo", on: server)?.body, body)
        XCTAssertEqual(supplying.milestones.suffix(2), [.response(status: 200), .finish])

        server.clearRecordedRequests()
        let refusing = run(upload, mode: .delegateQueue)
        XCTAssertEqual(refusing.milestones.last, .fail(code: NSURLErrorRequestBodyStreamExhausted))
        XCTAssertNil(lastRequest(to: "/echo", on: server), "the redirect was sent without its body")
    }

    func test_c12b_301And302TurnPostIntoGetAnd303IsAlwaysGet() throws {
        let body = Data("form=1".utf8)
        let expectations: [(Int, String, String)] = [(301, "POST", "GET"), (302, "POST", "GET"), (303, "POST", "GET"), (303, "PUT", "GET"), (302, "PUT", "PUT")]
        for (status, method, expected) in expectations {
            server.clearRecordedRequests()
            var upload = request("/redirect-to?status=\(status)&url=/echo")
            upload.httpMethod = method
            upload.httpBody = body
            upload.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            run(upload, mode: .delegateQueue)
            let arrived = try XCTUnwrap(lastRequest(to: "/echo", on: server), "\(status) \(method)")
            XCTAssertEqual(arrived.method, expected, "\(status) \(method)")
            XCTAssertEqual(arrived.body, expected == "GET" ? Data() : body, "\(status) \(method)")
            if expected == "GET" {
                XCTAssertNil(arrived.header("Content-Type"), "\(status) \(method): a GET describes a body it does not have")
            }
        }
    }

    func test_c12b_cookieSetByARedirectIsSentOnTheRedirectedRequest() {
        let id = UUID().uuidString.prefix(8)
        let recorder = run(request("/set-cookie-and-redirect?id=\(id)"), mode: .delegateQueue)
        XCTAssertTrue(String(decoding: recorder.body, as: UTF8.self).contains("redirect\(id)=set"), String(decoding: recorder.body, as: UTF8.self))
    }

    func test_c12b_downloadDelegateRedirectsAlike() {
        let id = UUID().uuidString.prefix(8)
        let loads: [(URLRequest, (Data?) -> Void)] = [
            (redirecting(to: other.url("/headers").absoluteString, status: 302), { [self] _ in
                let arrived = lastRequest(to: "/headers", on: other)
                XCTAssertNotNil(arrived)
                XCTAssertNil(arrived?.header("Authorization"))
                XCTAssertFalse(arrived?.header("Cookie")?.contains("session=secret") ?? false)
            }),
            (request("/set-cookie-and-redirect?id=\(id)"), { file in
                XCTAssertTrue(String(decoding: file ?? Data(), as: UTF8.self).contains("redirect\(id)=set"))
            }),
        ]
        for (load, check) in loads {
            let collector = download(load)
            XCTAssertNil(collector.error)
            check(collector.contents)
        }
    }

    func test_c14b_credentialIsUsedForItsProtectionSpaceOnly() throws {
        let recorder = ConnectionRecorder()
        recorder.credential = URLCredential(user: "ada", password: "lovelace", persistence: .none)
        let escaped = other.url("/headers").absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        run(request("/auth-then-redirect?to=\(escaped)"), mode: .delegateQueue, recorder: recorder)
        XCTAssertEqual(recorder.milestones, [
            .willSend(path: "/auth-then-redirect", redirectedFrom: nil),
            .challenge(previousFailures: 0),
            .willSend(path: "/headers", redirectedFrom: 302),
            .response(status: 200),
            .finish,
        ])
        let arrived = try XCTUnwrap(lastRequest(to: "/headers", on: other))
        XCTAssertNil(arrived.header("Authorization"), "the credential went to another protection space")
    }
}
