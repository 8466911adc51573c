import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C30: which cookies the shim stores (RFC 6265 §5.3) and sends
/// (§5.4), through real loads against the loopback server, whose routes below set the cookies a
/// test scripts and echo the `Cookie` header they receive. Every cookie a test makes is named
/// "c30…" and removed afterwards.
final class CookieTests: ShimTestCase {
    /// The `Set-Cookie` lines the setting routes send next.
    private let setCookieLines = Locked<[String]>([])
    private var savedPolicy: HTTPCookie.AcceptPolicy = .always

    override var routes: [String: Route] {
        let lines = setCookieLines
        // `response` with the `Set-Cookie` lines the test scripted.
        let setting = { @Sendable (response: ScriptedResponse) in
            Route { _ in
                var scripted = response
                scripted.additionalHeaders = lines.withLock { $0 }.map { (name: "Set-Cookie", value: $0) }
                return scripted
            }
        }
        var cacheable = ScriptedResponse.text("cached")
        cacheable.headers["Cache-Control"] = "max-age=600"
        cacheable.additionalHeaders = [(name: "Set-Cookie", value: "c30cached=1; Path=/")]
        let interim = ScriptedResponse(body: .raw(Data((
            "HTTP/1.1 103 Early Hints\r\nSet-Cookie: c30interim=1; Path=/\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nSet-Cookie: c30final=1; Path=/\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok").utf8)))
        let echo = Route { .text($0.header("Cookie") ?? "") }
        return [
            "/c30/set": setting(.text("set")), "/c30/dir/set": setting(.text("set")),
            "/c30/set-and-redirect": setting(.redirect(to: "/cookie/get")),
            "/c30/cached": .constant(cacheable), "/c30/interim": .constant(interim),
            "/private": echo, "/private/echo": echo, "/privateer": echo, "/c30/dir/echo": echo, "/c30/deep/echo": echo,
        ]
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        savedPolicy = HTTPCookieStorage.shared.cookieAcceptPolicy
    }

    override func tearDown() {
        HTTPCookieStorage.shared.cookieAcceptPolicy = savedPolicy
        for cookie in HTTPCookieStorage.shared.cookies ?? [] where cookie.name.hasPrefix("c30") {
            HTTPCookieStorage.shared.deleteCookie(cookie)
        }
        super.tearDown()
    }

    /// Loads `path` on the server (or wherever `change` points the request) through the shim,
    /// with `lines` as the setting routes' `Set-Cookie` lines.
    private func load(_ path: String, setting lines: [String] = [], _ change: (inout URLRequest) -> Void = { _ in }) {
        setCookieLines.withLock { $0 = lines }
        var load = request(path)
        change(&load)
        run(load, mode: .delegateQueue)
    }

    /// The "c30" cookies, in order, of the `Cookie` header the server last received at `path`
    /// (default: `target`'s path) after the shim loaded `target`; empty without any.
    private func sentCookies(to target: String, arrivingAt path: String? = nil, _ change: (inout URLRequest) -> Void = { _ in }) -> [String] {
        load(target, change)
        return receivedCookies(at: path ?? target)
    }

    private func receivedCookies(at path: String) -> [String] {
        let header = server.requests.last { $0.path == path }?.header("Cookie")
        return header?.components(separatedBy: "; ").filter { $0.hasPrefix("c30") } ?? []
    }

    private var storedNames: Set<String> {
        Set((HTTPCookieStorage.shared.cookies ?? []).map(\.name).filter { $0.hasPrefix("c30") })
    }

    private func plant(_ name: String, value: String = "1", domain: String = "127.0.0.1", path: String = "/", secure: Bool = false) {
        var properties: [HTTPCookiePropertyKey: Any] = [.name: name, .value: value, .domain: domain, .path: path]
        if secure {
            properties[.secure] = "TRUE"
        }
        HTTPCookieStorage.shared.setCookie(HTTPCookie(properties: properties)!)
    }

    func test_c30_secureCookieIsNotSentOverPlainHTTPNorOnARedirectedRequest() {
        plant("c30secure", secure: true)
        plant("c30plain")
        XCTAssertEqual(sentCookies(to: "/cookie/get"), ["c30plain=1"])
        // The redirected request is the shim's own too: the same rule.
        XCTAssertEqual(sentCookies(to: "/redirect-to?status=302&url=/private/echo", arrivingAt: "/private/echo"), ["c30plain=1"])
    }

    func test_c30_secureCookieSetByAnHTTPSRedirectIsNotSentToItsHTTPTarget() throws {
        // No TLS server: the https redirect response goes to the point where the shim stores what
        // a response sets, then the shim loads the http URL it names.
        let target = server.url("/cookie/get")
        let redirect = try XCTUnwrap(HTTPURLResponse(
            url: try XCTUnwrap(URL(string: "https://127.0.0.1:\(server.port)/login")), statusCode: 302, httpVersion: "HTTP/1.1",
            headerFields: ["Set-Cookie": "c30secure=1; Secure; Path=/, c30plain=1; Path=/", "Location": target.absoluteString]))
        CookieAcceptance.store(from: redirect, to: URLRequest(url: try XCTUnwrap(redirect.url)))
        XCTAssertEqual(storedNames, ["c30secure", "c30plain"], "both are stored, the Secure one for HTTPS only")
        XCTAssertEqual(sentCookies(to: "/cookie/get"), ["c30plain=1"])
    }

    func test_c30_secureCookieIsChosenForHTTPS() throws {
        let secure = try XCTUnwrap(HTTPCookie(properties: [.name: "c30secure", .value: "1", .domain: "127.0.0.1", .path: "/", .secure: "TRUE"]))
        let now = Date()
        XCTAssertEqual(CookieHeader.cookies(for: try XCTUnwrap(URL(string: "https://127.0.0.1/")), among: [secure], now: now), [secure])
        XCTAssertEqual(CookieHeader.cookies(for: try XCTUnwrap(URL(string: "http://127.0.0.1/")), among: [secure], now: now), [])
    }

    func test_c30_cookieIsSentOnlyUnderItsPath() {
        load("/c30/set", setting: ["c30private=1; Path=/private"])
        XCTAssertEqual(sentCookies(to: "/cookie/get"), [])
        XCTAssertEqual(sentCookies(to: "/private"), ["c30private=1"])
        XCTAssertEqual(sentCookies(to: "/private/echo"), ["c30private=1"])
        XCTAssertEqual(sentCookies(to: "/privateer"), [])
    }

    func test_c30_cookieWithoutPathGetsTheDirectoryOfTheURLThatSetIt() {
        load("/c30/dir/set", setting: ["c30dir=1"])
        XCTAssertEqual(HTTPCookieStorage.shared.cookies?.first { $0.name == "c30dir" }?.path, "/c30/dir")
        XCTAssertEqual(sentCookies(to: "/c30/dir/echo"), ["c30dir=1"])
        XCTAssertEqual(sentCookies(to: "/cookie/get"), [])
    }

    func test_c30_cookiesPastMaxAgeOrExpiresAreNotSentAndRemoveTheirNamesakes() throws {
        load("/c30/set", setting: ["c30gone=1; Path=/", "c30kept=1; Path=/"])
        load("/c30/set", setting: [
            "c30gone=; Max-Age=0; Path=/",
            "c30zero=1; Max-Age=0; Path=/",
            "c30negative=1; Max-Age=-1; Path=/",
            "c30maxAgeWins=1; Max-Age=0; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/",
            "c30past=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/",
            "c30live=1; Max-Age=3600; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/",
            "c30sameResponse=1; Path=/",
            "c30sameResponse=; Max-Age=0; Path=/",
        ])
        XCTAssertEqual(storedNames, ["c30kept", "c30live"])
        XCTAssertEqual(Set(sentCookies(to: "/cookie/get")), ["c30kept=1", "c30live=1"])
        let expiry = try XCTUnwrap(HTTPCookieStorage.shared.cookies?.first { $0.name == "c30live" }?.expiresDate, "Max-Age gives an expiry")
        XCTAssertGreaterThan(expiry, Date())
        XCTAssertLessThanOrEqual(expiry, Date().addingTimeInterval(3600))
    }

    func test_c30_storedCookieIsNotSentOnceItHasExpired() throws {
        let now = Date()
        let cookie = try XCTUnwrap(HTTPCookie(properties: [
            .name: "c30soon", .value: "1", .domain: "127.0.0.1", .path: "/", .expires: now.addingTimeInterval(60),
        ]))
        let url = server.url("/cookie/get")
        XCTAssertEqual(CookieHeader.cookies(for: url, among: [cookie], now: now), [cookie])
        XCTAssertEqual(CookieHeader.cookies(for: url, among: [cookie], now: now.addingTimeInterval(60)), [])
    }

    func test_c30_cookieForADomainTheHostDoesNotDomainMatchIsIgnored() {
        load("/c30/set", setting: [
            "c30parent=1; Domain=0.0.1; Path=/",
            "c30dotted=1; Domain=.0.0.1; Path=/",
            "c30topLabel=1; Domain=1; Path=/",
            "c30otherAddress=1; Domain=127.0.0.2; Path=/",
            "c30otherHost=1; Domain=localhost; Path=/",
            "c30own=1; Domain=127.0.0.1; Path=/",
        ])
        XCTAssertEqual(storedNames, ["c30own"])
        // A cookie that reached the storage another way is not sent to an address it does not name.
        plant("c30planted", domain: ".0.0.1")
        XCTAssertEqual(sentCookies(to: "/cookie/get"), ["c30own=1"])
    }

    func test_c30_aDomainCookieReplacesTheHostOnlyCookieOfTheSameNameAndPath() throws {
        let localhost = try XCTUnwrap(URL(string: "http://localhost:\(server.port)/c30/set"))
        load("/c30/set", setting: ["c30kind=1; Path=/"]) { $0.url = localhost }
        load("/c30/set", setting: ["c30kind=2; Domain=localhost; Path=/"]) { $0.url = localhost }
        let stored = HTTPCookieStorage.shared.cookies?.filter { $0.name == "c30kind" }
        XCTAssertEqual(stored?.map { "\($0.domain) \($0.value)" }, [".localhost 2"])
    }

    func test_c30_redirectResponsesCookiesAreCheckedLikeAnyOthers() {
        load("/c30/set-and-redirect", setting: ["c30parent=1; Domain=0.0.1; Path=/", "c30own=1; Path=/", "c30private=1; Path=/private"])
        XCTAssertEqual(receivedCookies(at: "/cookie/get"), ["c30own=1"])
        XCTAssertEqual(storedNames, ["c30own", "c30private"])
    }

    func test_c30_cookieWithABareCRIsIgnoredAndTheOthersAreStillSent() throws {
        load("/c30/set", setting: ["c30first=1; Path=/", "c30bad=x\ry; Path=/", "c30second=2; Path=/"])
        XCTAssertEqual(storedNames, ["c30first", "c30second"])
        plant("c30planted", value: "a\rb")
        XCTAssertEqual(Set(sentCookies(to: "/cookie/get")), ["c30first=1", "c30second=2"])
    }

    func test_c30_interimResponsesCookiesAreIgnored() {
        load("/c30/interim")
        XCTAssertEqual(storedNames, ["c30final"])
    }

    func test_c30_aResponseTheURLCacheAnswersWithSetsNoCookie() {
        load("/c30/cached")
        XCTAssertEqual(storedNames, ["c30cached"])
        HTTPCookieStorage.shared.cookies?.filter { $0.name == "c30cached" }.forEach(HTTPCookieStorage.shared.deleteCookie)
        load("/c30/cached")
        XCTAssertEqual(server.requests.filter { $0.path == "/c30/cached" }.count, 1, "the second load was not answered from the cache")
        XCTAssertEqual(storedNames, [], "the cached response's cookie was stored again")
    }

    func test_c30_httpShouldHandleCookiesFalseNeitherSendsNorStores() {
        plant("c30stored")
        load("/cookie/get") { $0.httpShouldHandleCookies = false }
        XCTAssertNil(server.requests.last { $0.path == "/cookie/get" }?.header("Cookie"))
        load("/c30/set", setting: ["c30unwanted=1; Path=/"]) { $0.httpShouldHandleCookies = false }
        XCTAssertEqual(storedNames, ["c30stored"])
    }

    func test_c30_cookieAcceptPolicyIsHonoured() throws {
        HTTPCookieStorage.shared.cookieAcceptPolicy = .never
        load("/c30/set", setting: ["c30never=1; Path=/"])
        XCTAssertEqual(storedNames, [])
        HTTPCookieStorage.shared.cookieAcceptPolicy = .onlyFromMainDocumentDomain
        load("/c30/set", setting: ["c30elsewhere=1; Path=/"]) { $0.mainDocumentURL = URL(string: "http://example.com/") }
        load("/c30/set", setting: ["c30sameHost=1; Path=/"]) { $0.mainDocumentURL = URL(string: "http://127.0.0.1/") }
        XCTAssertEqual(storedNames, ["c30sameHost"])
    }

    func test_c30_longerPathsAreSentFirst() {
        plant("c30root", value: "1", path: "/")
        plant("c30deep", value: "2", path: "/c30/deep")
        plant("c30middle", value: "3", path: "/c30")
        XCTAssertEqual(sentCookies(to: "/c30/deep/echo"), ["c30deep=2", "c30middle=3", "c30root=1"])
    }

    func test_c30_storedCookiesReplaceTheRequestsOwnCookieHeader() {
        plant("c30stored")
        XCTAssertEqual(sentCookies(to: "/cookie/get") { $0.setValue("c30own=1", forHTTPHeaderField: "Cookie") }, ["c30stored=1"])
    }

    func test_c30_setCookieStringsAreReadAsRFC6265Says() throws {
        let folded = "c30a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, c30b = 2 ;path=/p; DOMAIN=.Example.COM;secure, c30c=x, y"
        XCTAssertEqual(SetCookie.strings(inFolded: folded).map(String.init),
                       ["c30a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", " c30b = 2 ;path=/p; DOMAIN=.Example.COM;secure", " c30c=x, y"])
        let second = try XCTUnwrap(SetCookie("c30b = 2 ;path=/p; DOMAIN=.Example.COM;secure"))
        XCTAssertEqual([second.name, second.value, second.path, second.domain], ["c30b", "2", "/p", "example.com"])
        XCTAssertTrue(second.secure)
        let ignoredAttributes = try XCTUnwrap(SetCookie("c30d=1; Max-Age=1x; Max-Age=7; Max-Age=+3; Path=relative; Domain="))
        XCTAssertEqual(ignoredAttributes.maxAge, 7, "the last valid Max-Age")
        XCTAssertNil(ignoredAttributes.path)
        XCTAssertNil(ignoredAttributes.domain)
        for ignored in ["c30novalue", "=1", " =1; Path=/", "c30nul=a\u{0}b", "c30lf=a\nb"] {
            XCTAssertNil(SetCookie(Substring(ignored)), ignored)
        }
    }

    func test_c30_cookieDatesInTheFormatsServersSend() {
        let date = Date(timeIntervalSince1970: 1_445_412_480)  // 2015-10-21 07:28:00 UTC
        for text in ["Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT", "Wed Oct 21 07:28:00 2015", "21 oct 2015 7:28:0"] {
            XCTAssertEqual(CookieDate.parse(text), date, text)
        }
        for text in ["Wed, 31 Feb 2015 07:28:00 GMT", "Wed, 21 Oct 2015 24:00:00 GMT", "Wed, 21 Oct 1600 07:28:00 GMT", "tomorrow", ""] {
            XCTAssertNil(CookieDate.parse(text), text)
        }
    }
}
