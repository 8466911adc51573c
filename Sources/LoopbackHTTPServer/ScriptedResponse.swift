import Foundation

/// The response a route scripts for one request.
///
/// The server adds the framing headers itself (Content-Length or Transfer-Encoding, and
/// Connection), so any of those in `headers` are ignored, except that `Connection: close`
/// makes the server close the connection after this response.
public struct ScriptedResponse: Sendable {
    /// The status code; 1xx, 204 and 304 responses are sent without a body.
    public var status: Int
    /// Header fields, written in name order.
    public var headers: [String: String]
    /// Header lines written after `headers`, for names that must repeat, such as Set-Cookie.
    public var additionalHeaders: [(name: String, value: String)]
    /// The body, or a way of misbehaving instead of sending one.
    public var body: ResponseBody
    /// How long to wait before sending anything; other connections are served meanwhile.
    public var delayMilliseconds: Int

    /// A response with a fixed body.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.init(status: status, headers: headers, body: .data(body))
    }

    /// A response with any body mode, optionally delayed.
    public init(
        status: Int = 200,
        headers: [String: String] = [:],
        body: ResponseBody,
        delayMilliseconds: Int = 0,
        additionalHeaders: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delayMilliseconds = delayMilliseconds
        self.additionalHeaders = additionalHeaders
    }

    /// A UTF-8 text/plain response.
    public static func text(_ s: String, status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(s.utf8))
    }

    /// `count` pattern bytes with Content-Length, streamed.
    public static func pattern(count: Int) -> ScriptedResponse {
        ScriptedResponse(headers: ["Content-Type": "application/octet-stream"], body: .pattern(count: count))
    }

    /// `count` pattern bytes, chunked, with an optional pause between chunks.
    public static func chunkedPattern(count: Int, chunkSize: Int = 16384, delayMilliseconds: Int = 0) -> ScriptedResponse {
        ScriptedResponse(
            headers: ["Content-Type": "application/octet-stream"],
            body: .chunkedPattern(count: count, chunkSize: max(1, chunkSize), delayMilliseconds: delayMilliseconds)
        )
    }

    /// Declares `declaredLength` bytes, sends `sentLength` of them, then drops the connection.
    public static func truncated(declaredLength: Int, sentLength: Int) -> ScriptedResponse {
        ScriptedResponse(
            headers: ["Content-Type": "application/octet-stream"],
            body: .truncatedPattern(declaredLength: declaredLength, sentLength: min(sentLength, declaredLength))
        )
    }

    /// Never answers; the connection stays open until the client closes it or the server stops.
    public static let stall = ScriptedResponse(body: .stall)

    /// Closes the connection without any response.
    public static let closeConnection = ScriptedResponse(body: .closeConnection)

    /// A redirect to `location` (sent verbatim, so it may be relative).
    public static func redirect(to location: String, status: Int = 302) -> ScriptedResponse {
        var response = text("redirecting to \(location)", status: status)
        response.headers["Location"] = location
        return response
    }

    /// This response, sent after waiting `milliseconds`.
    public func delayed(milliseconds: Int) -> ScriptedResponse {
        var response = self
        response.delayMilliseconds = milliseconds
        return response
    }
}
