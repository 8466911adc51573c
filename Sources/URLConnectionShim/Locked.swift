import Foundation

/// The one lock wrapper in the shim: every piece of shared mutable state lives in a `Locked`.
///
/// `NSLock` rather than `Synchronization.Mutex` so the shim keeps the deployment targets of
/// the legacy apps it serves (Mutex needs macOS 15 / iOS 18).
final class Locked<Value>: @unchecked Sendable {
    // Sendable: `value` is only touched inside `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access. Never call back into user code from `body`.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
