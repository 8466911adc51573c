import Foundation

/// One request as the capturing protocol saw it go out and its answer come back.
struct CapturedExchange: Sendable {
    let method: String
    let url: URL
    var requestBodyBytes = 0
    var statusCode: Int?
    var responseHeaders: [String: String] = [:]
    /// Where a redirect response pointed; the loading system then starts a new exchange.
    var redirectedTo: URL?
    var responseBodyBytes = 0
    var duration: TimeInterval = 0
    var error: NSError?

    /// One line for the sample's output.
    var summary: String {
        let outcome: String
        if let error {
            outcome = "error \(error.code) \"\(error.localizedDescription)\""
        } else if let redirectedTo {
            outcome = "\(statusCode ?? 0) → \(redirectedTo.path)"
        } else {
            outcome = "\(statusCode ?? 0), \(responseBodyBytes) bytes, Content-Type \(responseHeaders["Content-Type"] ?? "-")"
        }
        let sent = requestBodyBytes > 0 ? " (\(requestBodyBytes)-byte body)" : ""
        return "\(method) \(url.path)\(sent): \(outcome) in \(Int(duration * 1000)) ms"
    }
}

/// Every exchange captured so far, in the order they ended.
///
/// Protocol instances run on URLSession's threads, several at once.
final class CaptureLog: @unchecked Sendable {
    // Sendable: `exchanges` is only touched inside `lock`.
    static let shared = CaptureLog()

    private let lock = NSLock()
    private var exchanges: [CapturedExchange] = []

    func append(_ exchange: CapturedExchange) {
        lock.withLock { exchanges.append(exchange) }
    }

    /// Returns the exchanges captured so far and forgets them.
    func drain() -> [CapturedExchange] {
        lock.withLock {
            defer { exchanges.removeAll() }
            return exchanges
        }
    }
}
