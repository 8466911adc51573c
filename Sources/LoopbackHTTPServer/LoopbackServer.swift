import Foundation

/// An in-process HTTP/1.1 server on 127.0.0.1 with an ephemeral port, serving scripted responses
/// for tests, samples and benchmarks.
///
/// Each accepted connection is served on its own thread (at most
/// `defaultMaximumOpenConnections` at once unless configured), so slow, delayed or stalled routes never hold up other
/// connections and nothing busy-waits. Connections are kept alive by default.
///
/// Custom routes match the exact path (without query) and take precedence over the built-ins:
/// `/status/{code}`, `/bytes/{n}`, `/chunked/{n}?chunk=K&delay_ms=D`, `/redirect/{n}`,
/// `/redirect-to?url=U&status=S`, `/redirect-loop`, `/basic-auth/{user}/{password}`,
/// `/delay/{ms}`, `/stall`, `/echo`, `/headers`, `/drop/{declared}/{sent}`, `/close`,
/// `/cache/{seconds}`, `/cookie/set?name=value`, `/cookie/get`. Anything else is a 404 with body
/// "not found".
public final class LoopbackServer: Sendable {
    /// The port the server listens on.
    public let port: UInt16
    private let listener: Listener

    /// The most connections served at once by default; more are answered with 503 and closed.
    public static let defaultMaximumOpenConnections = Listener.defaultMaximumOpenConnections

    /// Starts listening on 127.0.0.1 on an ephemeral port and serving at once.
    public convenience init(routes: [String: Route] = [:]) throws {
        try self.init(routes: routes, recording: .full)
    }

    /// Starts listening and serving, keeping as much of each request as `recording` says and
    /// serving at most `maximumOpenConnections` connections at once.
    public init(
        routes: [String: Route] = [:],
        recording: RequestRecording,
        maximumOpenConnections: Int = LoopbackServer.defaultMaximumOpenConnections
    ) throws {
        listener = try Listener(routes: routes, recording: recording, maximumOpenConnections: maximumOpenConnections)
        port = listener.port
    }

    deinit {
        listener.stop()
    }

    /// `http://127.0.0.1:PORT`
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// The URL of a path on this server, with an optional query: `url("/bytes/10?x=1")`.
    public func url(_ pathAndQuery: String) -> URL {
        let relative = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        let text = "http://127.0.0.1:\(port)" + relative
        if let url = URL(string: text) { return url }
        let escaped = text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? text
        return URL(string: escaped) ?? baseURL
    }

    /// Closes the listener and every open connection, stalled ones included, and waits for the
    /// server's threads to finish. Idempotent; also done by deinit.
    public func stop() {
        listener.stop()
    }

    /// Every request received, in arrival order (recorded before the response is sent).
    public var requests: [RecordedRequest] {
        listener.requests
    }

    /// Forgets the requests recorded so far.
    public func clearRecordedRequests() {
        listener.clearRequests()
    }

    /// TCP connections accepted so far; stays 1 across requests that reuse a keep-alive connection.
    public var connectionsAccepted: Int {
        listener.connectionsAccepted
    }

    /// Bytes sent on every connection so far, heads included: how far a client has let the server
    /// get into a large or endless body (a client that applies back-pressure stops it).
    public var bytesSent: Int {
        listener.sentBytes.withLock { $0 }
    }

    /// Connections currently open.
    public var openConnections: Int {
        listener.openConnections
    }

    /// The pattern bytes bodies are made of: byte i is `UInt8(i % 251)`.
    public static func patternBytes(count: Int) -> Data {
        BytePattern.bytes(offset: 0, count: count)
    }

    /// The `count` pattern bytes starting at `offset`, for checking a part of a body.
    public static func patternBytes(offset: Int, count: Int) -> Data {
        BytePattern.bytes(offset: offset, count: count)
    }

    /// Whether `data` is exactly the pattern starting at `offset`, checked without allocating.
    public static func matchesPattern(_ data: Data, offset: Int = 0) -> Bool {
        BytePattern.firstMismatch(in: data, offset: offset) == nil
    }

    /// The server's threads still running (the accept loop plus one per open connection);
    /// 0 once `stop()` has returned, which tests can check for leaks.
    public var runningThreads: Int {
        listener.runningThreads
    }
}
