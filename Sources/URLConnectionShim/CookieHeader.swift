import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Chooses the stored cookies that go with a request the shim sends, as RFC 6265 §5.4 says, and
/// writes them as its `Cookie` header. The shim's sessions send no cookies of their own
/// (`SessionHub`): Linux's URLSession sends every cookie of the host, `Secure` ones over plain
/// HTTP, cookies of other paths and expired ones included, and none at all when one value holds
/// a CR.
///
/// Called as each task is made (`SessionHub.makeDataTask`), for the first request and every
/// redirected one, on the connection's task start lane. Retains nothing.
enum CookieHeader {
    /// `request` with the `Cookie` header of the stored cookies for its URL, unless it handles no
    /// cookies (`httpShouldHandleCookies`). The stored cookies replace a `Cookie` header the
    /// request carries; with none for its URL, that header is sent as it is.
    static func adding(to request: URLRequest, from storage: HTTPCookieStorage = .shared, now: Date = Date()) -> URLRequest {
        guard request.httpShouldHandleCookies, let url = request.url, CookieMatching.carriesCookies(url) else { return request }
        let chosen = cookies(for: url, among: storage.cookies ?? [], now: now)
        guard !chosen.isEmpty else { return request }
        var withCookies = request
        withCookies.setValue(chosen.map { "\($0.name)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie")
        return withCookies
    }

    /// §5.4: the cookies whose domain the URL's host matches (exactly, for a host-only cookie),
    /// whose path covers the URL's path, that are not `Secure` unless the URL is HTTPS, and that
    /// have not expired; longer paths first, then earlier created. A cookie whose name or value
    /// holds a control character is never sent: it would break the header.
    static func cookies(for url: URL, among stored: [HTTPCookie], now: Date) -> [HTTPCookie] {
        guard !stored.isEmpty, let host = CookieMatching.canonicalHost(of: url) else { return [] }
        let path = CookieMatching.requestPath(of: url)
        let secure = CookieMatching.isSecureScheme(of: url)
        let chosen = stored.filter { cookie in
            let domain = cookie.domain.lowercased()
            let domainMatches = domain.hasPrefix(".")
                ? CookieMatching.host(host, domainMatches: String(domain.dropFirst())) : host == domain
            return domainMatches && CookieMatching.path(path, matches: cookie.path) && (secure || !cookie.isSecure)
                && (cookie.expiresDate.map { $0 > now } ?? true) && isSendable(cookie.name) && isSendable(cookie.value)
        }
        return chosen.sorted { first, second in
            if first.path.count != second.path.count {
                return first.path.count > second.path.count
            }
            return creation(of: first) < creation(of: second)
        }
    }

    /// When the storage created the cookie ("Created", seconds since the reference date), or 0.
    private static func creation(of cookie: HTTPCookie) -> Double {
        (cookie.properties?[HTTPCookiePropertyKey("Created")] as? NSNumber)?.doubleValue
            ?? cookie.properties?[HTTPCookiePropertyKey("Created")] as? Double ?? 0
    }

    /// No control characters (CR, LF, NUL, DEL, …).
    private static func isSendable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
