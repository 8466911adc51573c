import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one request delivered: the body bytes counted (never kept) and the error, if any.
struct LoadOutcome: Sendable {
    let bytes: Int
    let statusCode: Int
    let error: (any Error)?

    var succeeded: Bool { error == nil && (200..<300).contains(statusCode) }
}

/// One way of loading a request — through the shim, a shared URLSession, or a session per
/// request — reduced to "start this and tell me when it ended", so every workload drives each
/// variant identically.
protocol BenchmarkClient: Sendable {
    /// The label in the result table.
    var name: String { get }
    /// Starts loading `request`; `completion` runs once, on any thread, when the load ended.
    func load(_ request: URLRequest, completion: @escaping @Sendable (LoadOutcome) -> Void)
}
