import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores the cookies a response sets, as RFC 6265 §5.3 says, in the cookie storage every
/// NSURLConnection shares (`HTTPCookieStorage.shared`). The shim's sessions leave cookies to it
/// (`SessionHub`): Linux's URLSession keeps a cookie whose `Domain` is a suffix of an IP address
/// (and then sends it to other addresses), turns any `Max-Age` into a cookie that never expires,
/// and stores a value with a bare CR, which then silences every cookie of its host.
///
/// Called on the session's delegate queue (`TaskRouter`) for every response the shim receives,
/// redirect responses included, before the connection hears of the response. Retains nothing.
enum CookieAcceptance {
    /// Stores the `Set-Cookie` cookies of `response` to `request` unless the request handles no
    /// cookies (`httpShouldHandleCookies`) or the storage's `cookieAcceptPolicy` refuses them. A
    /// cookie that arrives expired removes the stored cookie it names. An interim (1xx) response's
    /// cookies are ignored, as RFC 6265 §3 allows: NSURLConnection never saw interim responses. So
    /// are those of a response `cache` (the session's URL cache, read only for a response that sets
    /// cookies) answered with: they were stored when it came from the server.
    static func store(
        from response: URLResponse, to request: URLRequest?, answeringFrom cache: @autoclosure () -> URLCache? = nil,
        in storage: HTTPCookieStorage = .shared, now: Date = Date()
    ) {
        guard request?.httpShouldHandleCookies ?? true, let response = response as? HTTPURLResponse, response.statusCode >= 200,
              let url = response.url ?? request?.url, CookieMatching.carriesCookies(url),
              let field = response.value(forHTTPHeaderField: "Set-Cookie"),
              accepts(from: url, mainDocumentURL: request?.mainDocumentURL, policy: storage.cookieAcceptPolicy),
              !isAnswer(response, of: cache(), to: request) else { return }
        let existing = storage.cookies ?? []
        for string in SetCookie.strings(inFolded: field) {
            guard let setCookie = SetCookie(string), let stored = cookie(from: setCookie, receivedFrom: url, now: now) else { continue }
            // The storage keys a cookie by domain, path and name: setting or deleting `stored.cookie`
            // replaces the one under its own key, the namesake of the other kind goes here.
            for namesake in namesakes(of: stored.cookie, among: existing) where namesake.domain != stored.cookie.domain {
                storage.deleteCookie(namesake)
            }
            if stored.isExpired {
                storage.deleteCookie(stored.cookie)
            } else {
                storage.setCookie(stored.cookie)
            }
        }
    }

    /// Whether `response` is the entry `cache` holds for `request`: the very object, or one with
    /// the same status and headers. Linux's URLSession answers from the cache whenever it holds an
    /// entry (Docs/Linux.md), and the shim evicts a stale entry before the task is made.
    private static func isAnswer(_ response: HTTPURLResponse, of cache: URLCache?, to request: URLRequest?) -> Bool {
        guard let request, let cached = cache?.cachedResponse(for: request)?.response as? HTTPURLResponse else { return false }
        return cached === response || (cached.statusCode == response.statusCode
            && cached.allHeaderFields as? [String: String] == response.allHeaderFields as? [String: String])
    }

    /// `.never` stores nothing; `.onlyFromMainDocumentDomain` stores a response's cookies only
    /// when its host and the main document's domain-match one way or the other (with no main
    /// document, or a request property carrier instead of one, it stores them).
    static func accepts(from url: URL, mainDocumentURL: URL?, policy: HTTPCookie.AcceptPolicy) -> Bool {
        switch policy {
        case .never:
            return false
        case .onlyFromMainDocumentDomain:
            guard let mainDocumentURL, CookieMatching.carriesCookies(mainDocumentURL),
                  let mainHost = CookieMatching.canonicalHost(of: mainDocumentURL) else { return true }
            guard let host = CookieMatching.canonicalHost(of: url) else { return false }
            return CookieMatching.host(host, domainMatches: mainHost) || CookieMatching.host(mainHost, domainMatches: host)
        default:
            return true
        }
    }

    /// §5.3: the cookie to store for `setCookie` received from `url`, and whether it is already
    /// expired; nil when it must be ignored (its `Domain` is not one the host domain-matches).
    static func cookie(from setCookie: SetCookie, receivedFrom url: URL, now: Date) -> (cookie: HTTPCookie, isExpired: Bool)? {
        guard let host = CookieMatching.canonicalHost(of: url) else { return nil }
        let domain: String
        if let attribute = setCookie.domain {
            guard CookieMatching.host(host, domainMatches: attribute) else { return nil }
            // A domain cookie; an IP address matches itself only, so it stays without the dot.
            domain = CookieMatching.isIPAddress(attribute) ? attribute : "." + attribute
        } else {
            domain = host
        }
        let expiry: Date? = if let maxAge = setCookie.maxAge {
            maxAge <= 0 ? .distantPast : now.addingTimeInterval(min(TimeInterval(maxAge), Date.distantFuture.timeIntervalSince(now)))
        } else {
            setCookie.expires
        }
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: setCookie.name, .value: setCookie.value, .domain: domain,
            .path: setCookie.path ?? CookieMatching.defaultPath(of: url),
        ]
        if let expiry {
            properties[.expires] = expiry
        } else {
            properties[.discard] = "TRUE"
        }
        if setCookie.secure {
            properties[.secure] = "TRUE"
        }
        if setCookie.httpOnly {
            properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE"
        }
        guard let cookie = HTTPCookie(properties: properties) else { return nil }
        return (cookie, expiry.map { $0 <= now } ?? false)
    }

    /// The stored cookies `cookie` replaces: §5.3 replaces a cookie of the same name, domain and
    /// path, host-only or not, where `HTTPCookieStorage` keys the two kinds apart (by the leading
    /// dot of a domain cookie).
    private static func namesakes(of cookie: HTTPCookie, among existing: [HTTPCookie]) -> [HTTPCookie] {
        let domain = cookie.domain.hasPrefix(".") ? String(cookie.domain.dropFirst()) : cookie.domain
        return existing.filter { other in
            other.name == cookie.name && other.path == cookie.path && [domain, "." + domain].contains(other.domain.lowercased())
        }
    }
}
