import Foundation

/// One request as the server received it, handed to routes and kept in `LoopbackServer.requests`.
public struct RecordedRequest: Sendable {
    /// The method as sent, such as "GET".
    public var method: String
    /// The path and query as sent, such as "/echo?a=1" (an absolute-form target is reduced to this).
    public var target: String
    /// The target without its query.
    public var path: String
    /// The query's name/value pairs, percent-decoded; for a repeated name the last value wins.
    public var query: [String: String]
    /// The version from the request line, such as "HTTP/1.1".
    public var httpVersion: String
    /// Every header line in the order received, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body, de-chunked if the request was chunked (empty if bodies are not recorded).
    public var body: Data

    /// Builds a request, deriving `path` and `query` from `target`; useful for calling routes directly.
    public init(
        method: String = "GET",
        target: String,
        httpVersion: String = "HTTP/1.1",
        headers: [(name: String, value: String)] = [],
        body: Data = Data()
    ) {
        self.method = method
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        let originForm = Self.originForm(of: target)
        self.target = originForm
        if let mark = originForm.firstIndex(of: "?") {
            path = String(originForm[..<mark])
            query = Self.parseQuery(originForm[originForm.index(after: mark)...])
        } else {
            path = originForm
            query = [:]
        }
    }

    /// The value of the first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Proxies and some clients send "http://host/path"; routes only care about "/path".
    private static func originForm(of target: String) -> String {
        guard let schemeEnd = target.range(of: "://"), !target.hasPrefix("/") else { return target }
        let afterAuthority = target[schemeEnd.upperBound...]
        guard let slash = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = String(afterAuthority[slash...])
        return rest.hasPrefix("/") ? rest : "/" + rest
    }

    private static func parseQuery(_ query: Substring) -> [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            items[name.removingPercentEncoding ?? name] = value.removingPercentEncoding ?? value
        }
        return items
    }
}
