import Foundation

/// What the server sends after the status line and headers, and how it ends the exchange.
public enum ResponseBody: Sendable {
    /// These bytes, with Content-Length.
    case data(Data)
    /// `count` bytes of the deterministic pattern (`LoopbackServer.patternBytes`), with Content-Length,
    /// streamed in 64 KiB blocks so even huge bodies cost no memory.
    case pattern(count: Int)
    /// `count` pattern bytes with Transfer-Encoding: chunked, in chunks of `chunkSize` bytes,
    /// pausing `delayMilliseconds` between chunks.
    case chunkedPattern(count: Int, chunkSize: Int, delayMilliseconds: Int)
    /// These chunks (empty ones skipped) with Transfer-Encoding: chunked, pausing between them.
    case chunks([Data], delayMilliseconds: Int)
    /// Declares Content-Length `declaredLength`, sends only `sentLength` pattern bytes, then closes
    /// the connection: a server that dies mid-body.
    case truncatedPattern(declaredLength: Int, sentLength: Int)
    /// Declares Content-Length `declaredLength`, sends `sentLength` pattern bytes, then resets the
    /// connection (RST instead of FIN): a server that crashes or a middlebox that kills the flow.
    case resetPattern(declaredLength: Int, sentLength: Int)
    /// Pattern bytes in chunks of `chunkSize` that never end, until the client closes the
    /// connection or the server stops: a flood. Nothing is stored, so it costs no memory.
    case endlessChunkedPattern(chunkSize: Int)
    /// These bytes verbatim in place of the whole response (status line, headers and body), then
    /// the connection is closed: for malformed status lines, HTTP/0.9 replies, broken chunk framing
    /// or oversized headers. Status and headers are ignored.
    case raw(Data)
    /// Sends nothing at all and holds the connection open until the client closes it or the
    /// server stops. Status and headers are ignored.
    case stall
    /// Closes the connection without sending anything. Status and headers are ignored.
    case closeConnection
}
