import Foundation
import Locking

/// The routes every server has, modelled on httpbin so tests read naturally.
final class BuiltInRoutes: Sendable {
    /// Counts /cache responses so a test can tell a cached body from a fresh one.
    private let cacheCounter = Locked(0)
    private let webDAV = WebDAVStore()

    /// The response for `request`, or nil if no built-in route matches its path.
    func response(for request: RecordedRequest) -> ScriptedResponse? {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
            .map { String($0).removingPercentEncoding ?? String($0) }
        guard let name = segments.first else { return nil }
        let arguments = Array(segments.dropFirst())
        let query = request.query

        switch (name, arguments.count) {
        case ("dav", _):
            return webDAV.response(for: request, segments: arguments)
        case ("status", 1):
            guard let code = Int(arguments[0]), (200...599).contains(code) else { return nil }
            return .text("status \(code)", status: code)
        case ("bytes", 1):
            guard let count = Int(arguments[0]), count >= 0 else { return nil }
            return .pattern(count: count)
        case ("chunked", 1):
            guard let count = Int(arguments[0]), count >= 0 else { return nil }
            let chunkSize = query["chunk"].flatMap { Int($0) }.map { max(1, $0) } ?? 16384
            let delay = query["delay_ms"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
            return .chunkedPattern(count: count, chunkSize: chunkSize, delayMilliseconds: delay)
        case ("redirect", 1):
            guard let hops = Int(arguments[0]), hops >= 0 else { return nil }
            return hops == 0 ? .text("redirected") : .redirect(to: "/redirect/\(hops - 1)")
        case ("redirect-to", 0):
            guard let location = query["url"] else { return .text("missing url", status: 400) }
            let status = query["status"].flatMap { Int($0) } ?? 302
            guard (300...399).contains(status) else { return .text("bad status", status: 400) }
            return .redirect(to: location, status: status)
        case ("redirect-loop", 0):
            return .redirect(to: "/redirect-loop")
        case ("basic-auth", 2):
            return basicAuth(request, user: arguments[0], password: arguments[1])
        case ("delay", 1):
            guard let milliseconds = Int(arguments[0]), milliseconds >= 0 else { return nil }
            return ScriptedResponse.text("delayed \(milliseconds)").delayed(milliseconds: milliseconds)
        case ("stall", 0):
            return .stall
        case ("echo", 0):
            return ScriptedResponse(
                headers: [
                    "Content-Type": request.header("Content-Type") ?? "application/octet-stream",
                    "X-Echo-Method": request.method,
                    "X-Echo-Length": String(request.body.count),
                ],
                body: request.body
            )
        case ("get", 0) where request.method == "GET", ("post", 0) where request.method == "POST":
            return requestDescription(request)
        case ("response-headers", 0):
            // httpbin's: every query item becomes a response header, and the body lists them.
            var response = json(query)
            for (name, value) in query { response.headers[name] = value }
            return response
        case ("headers", 0):
            return .text(request.headers.map { "\($0.name): \($0.value)\n" }.joined())
        case ("drop", 2):
            guard let declared = Int(arguments[0]), let sent = Int(arguments[1]), declared >= 0, sent >= 0 else { return nil }
            return .truncated(declaredLength: declared, sentLength: sent)
        case ("close", 0):
            return .closeConnection
        case ("cache", 1):
            guard let seconds = Int(arguments[0]), seconds >= 0 else { return nil }
            let served = cacheCounter.withLock { counter -> Int in
                counter += 1
                return counter
            }
            var response = ScriptedResponse.text("cached \(served)")
            response.headers["Cache-Control"] = "max-age=\(seconds)"
            return response
        case ("cookie", 1) where arguments[0] == "set":
            var response = ScriptedResponse.text("cookies set")
            response.additionalHeaders = query.sorted { $0.key < $1.key }.map { (name: "Set-Cookie", value: "\($0.key)=\($0.value); Path=/") }
            return response
        case ("cookie", 1) where arguments[0] == "get":
            return .text(request.header("Cookie") ?? "")
        default:
            return nil
        }
    }

    /// httpbin's /get and /post: a JSON object with the query (`args`), the request headers and,
    /// for a POST, its body as text (`data`).
    private func requestDescription(_ request: RecordedRequest) -> ScriptedResponse {
        var description: [String: Any] = [
            "args": request.query,
            "headers": Dictionary(request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
        ]
        if request.method == "POST" { description["data"] = String(decoding: request.body, as: UTF8.self) }
        return json(description)
    }

    private func json(_ object: Any) -> ScriptedResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return ScriptedResponse(headers: ["Content-Type": "application/json"], body: body)
    }

    private func basicAuth(_ request: RecordedRequest, user: String, password: String) -> ScriptedResponse {
        if let authorization = request.header("Authorization") {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "basic",
               let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
               String(decoding: decoded, as: UTF8.self) == "\(user):\(password)" {
                return .text("authenticated \(user)")
            }
        }
        var response = ScriptedResponse.text("unauthorized", status: 401)
        response.headers["WWW-Authenticate"] = "Basic realm=\"loopback\""
        return response
    }
}
