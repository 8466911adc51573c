#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
import Locking
import XCTest
import LoopbackHTTPServer

/// What Linux's URLSession and `HTTPCookieStorage` do with cookies, which the shim no longer lets
/// them do (C30, Docs/Linux.md): raw URLSession with the default configuration against the
/// loopback server. If a toolchain update changes one of these, the test fails and Docs/Linux.md
/// must change with it. Every cookie is named "linuxfact…" and removed afterwards.
final class LinuxCookieFactsTests: XCTestCase {
    private var server: LoopbackServer!
    /// The `Set-Cookie` lines `/set` sends next.
    private let setCookieLines = Locked<[String]>([])

    override func setUpWithError() throws {
        let lines = setCookieLines
        server = try LoopbackServer(routes: [
            "/set": Route { _ in
                var response = ScriptedResponse.text("set")
                response.additionalHeaders = lines.withLock { $0 }.map { (name: "Set-Cookie", value: $0) }
                return response
            },
            "/private/echo": Route { .text($0.header("Cookie") ?? "") },
        ])
    }

    override func tearDown() {
        server.stop()
        for cookie in HTTPCookieStorage.shared.cookies ?? [] where cookie.name.hasPrefix("linuxfact") {
            HTTPCookieStorage.shared.deleteCookie(cookie)
        }
    }

    /// Loads `request` with raw URLSession (the default configuration: the shared cookie storage).
    private func load(_ request: URLRequest) {
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        let done = expectation(description: "loaded")
        session.dataTask(with: request) { _, _, _ in done.fulfill() }.resume()
        wait(for: [done], timeout: 10)
    }

    /// Has `/set` send `lines`, loaded with raw URLSession.
    private func set(_ lines: [String], _ change: (inout URLRequest) -> Void = { _ in }) {
        setCookieLines.withLock { $0 = lines }
        var request = URLRequest(url: server.url("/set"))
        change(&request)
        load(request)
    }

    /// The `Cookie` header raw URLSession sent to `path` (nil: none).
    private func sentHeader(to path: String, _ change: (inout URLRequest) -> Void = { _ in }) -> String? {
        var request = URLRequest(url: server.url(path))
        change(&request)
        load(request)
        return server.requests.last { $0.path == path }?.header("Cookie")
    }

    private func sent(to path: String) -> Set<String> {
        Set(sentHeader(to: path)?.components(separatedBy: "; ").filter { $0.hasPrefix("linuxfact") } ?? [])
    }

    private var stored: [HTTPCookie] {
        (HTTPCookieStorage.shared.cookies ?? []).filter { $0.name.hasPrefix("linuxfact") }
    }

    func test_linux_secureCookiesGoOverPlainHTTPAndCookiesGoToEveryPath() {
        set(["linuxfactSecure=1; Secure; Path=/", "linuxfactPrivate=1; Path=/private", "linuxfactDefault=1"])
        XCTAssertEqual(stored.first { $0.name == "linuxfactDefault" }?.path, "/", "URLSession now gives a cookie without Path its default path")
        XCTAssertEqual(sent(to: "/cookie/get"), ["linuxfactSecure=1", "linuxfactPrivate=1", "linuxfactDefault=1"],
                       "URLSession now checks Secure or the path")
    }

    func test_linux_maxAgeMakesACookieThatNeverExpires() {
        set(["linuxfactZero=1; Max-Age=0; Path=/", "linuxfactHour=1; Max-Age=3600; Path=/"])
        XCTAssertEqual(stored.count, 2)
        XCTAssertTrue(stored.allSatisfy { $0.expiresDate == nil }, "URLSession now turns Max-Age into an expiry")
        XCTAssertEqual(sent(to: "/cookie/get"), ["linuxfactZero=1", "linuxfactHour=1"])
    }

    func test_linux_aDomainThatIsASuffixOfTheIPAddressIsStoredForOtherAddresses() throws {
        set(["linuxfactParent=1; Domain=0.0.1; Path=/"])
        let cookie = try XCTUnwrap(stored.first, "URLSession now rejects a Domain the address does not match")
        XCTAssertEqual(cookie.domain, ".0.0.1")
        XCTAssertEqual(HTTPCookieStorage.shared.cookies(for: try XCTUnwrap(URL(string: "http://10.0.0.1/")))?.contains(cookie), true)
    }

    func test_linux_aBareCRInOneCookieSilencesEveryCookieOfTheHost() {
        set(["linuxfactFirst=1; Path=/", "linuxfactBad=x\ry; Path=/"])
        XCTAssertEqual(Set(stored.map(\.value)), ["1", "x\ry"])
        XCTAssertEqual(sent(to: "/cookie/get"), [], "URLSession now sends the other cookies")
    }

    func test_linux_httpShouldHandleCookiesIsIgnored() {
        set(["linuxfactUnwanted=1; Path=/"]) { $0.httpShouldHandleCookies = false }
        XCTAssertEqual(stored.map(\.name), ["linuxfactUnwanted"], "URLSession now honours httpShouldHandleCookies when storing")
        XCTAssertEqual(sentHeader(to: "/cookie/get") { $0.httpShouldHandleCookies = false }?.contains("linuxfactUnwanted=1"), true,
                       "URLSession now honours httpShouldHandleCookies when sending")
    }
}
#endif
