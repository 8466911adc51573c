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
    /// Sends nothing at all and holds the connection open until the client closes it or the
    /// server stops. Status and headers are ignored.
    case stall
    /// Closes the connection without sending anything. Status and headers are ignored.
    case closeConnection
}
