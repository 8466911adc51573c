import Foundation
import LoopbackHTTPServer

/// One row of the peak-memory table: a body of the measured size delivered to a normal delegate,
/// to a slow one (alone in its session, or beside a load that keeps the session shared), or as
/// the body of a 401 (Docs/Performance.md).
struct MemoryScenario: Sendable {
    let name: String
    /// The server path, for `byteCount` bytes.
    let path: @Sendable (Int) -> String
    let pieceDelay: TimeInterval
    /// Whether a load the server never answers runs beside it the whole time, through the same
    /// client: the shim then keeps what the slow delegate has not taken on disk instead of
    /// holding the server back (C29).
    var sharesSession = false

    /// The path of the loopback route that answers with a Basic challenge and a pattern body.
    static let unauthorizedPath = "/memory-401"

    static let all = [
        MemoryScenario(name: "normal", path: { "/bytes/\($0)" }, pieceDelay: 0),
        MemoryScenario(name: "slow (200 µs a piece)", path: { "/bytes/\($0)" }, pieceDelay: SlowDelegate.pieceDelay),
        MemoryScenario(name: "slow, session shared", path: { "/bytes/\($0)" }, pieceDelay: SlowDelegate.pieceDelay, sharesSession: true),
        MemoryScenario(name: "401 + body", path: { "\(unauthorizedPath)?bytes=\($0)" }, pieceDelay: 0),
    ]

    /// The route behind `unauthorizedPath`: a 401 that names Basic, with `bytes` pattern bytes.
    static let unauthorizedRoute = Route { request in
        ScriptedResponse(
            status: 401, headers: ["WWW-Authenticate": "Basic realm=\"benchmark\""],
            body: .pattern(count: request.query["bytes"].flatMap { Int($0) } ?? 0))
    }
}
