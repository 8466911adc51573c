import Foundation

/// RFC 6265's matching rules: which hosts a cookie domain covers (§5.1.3), a request's default
/// cookie path (§5.1.4) and which paths a cookie path covers. Pure functions: any thread, retain
/// nothing.
enum CookieMatching {
    /// Whether `host` domain-matches `domain` (both lowercased, the domain without a leading
    /// dot): identical, or `host` ends with "." + `domain` and is a name, not an IP address.
    static func host(_ host: String, domainMatches domain: String) -> Bool {
        host == domain || (host.hasSuffix("." + domain) && !isIPAddress(host))
    }

    /// An IPv4 address in dotted-quad form, or an IPv6 address (with or without brackets).
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") {
            return true
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
        }
    }

    /// The URL's host as cookies compare it: lowercased, nil for a URL without one.
    static func canonicalHost(of url: URL) -> String? {
        guard let host = url.host, !host.isEmpty else { return nil }
        return host.lowercased()
    }

    /// The URL's path as sent (percent-encoded), "/" when empty.
    static func requestPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// §5.1.4: the request path up to, not including, its last "/"; "/" when that leaves nothing.
    static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.hasPrefix("/"), let lastSlash = path.lastIndex(of: "/"), lastSlash != path.startIndex else { return "/" }
        return String(path[..<lastSlash])
    }

    /// §5.1.4: `requestPath` is `cookiePath`, or lies under it ("/private" covers "/private" and
    /// "/private/x", not "/privateer").
    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// Whether cookies marked `Secure` may go to `url`: only over a secure protocol.
    static func isSecureScheme(of url: URL) -> Bool {
        url.scheme?.lowercased() == "https"
    }

    /// Whether the shim handles cookies for `url` at all: HTTP and HTTPS.
    static func carriesCookies(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    }
}
