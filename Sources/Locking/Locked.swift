import Foundation

/// The package's one lock wrapper: shared mutable state lives in a `Locked` and is touched only
/// inside `withLock`.
///
/// `NSLock` rather than `Synchronization.Mutex` so the package keeps the deployment targets of
/// the legacy apps it serves (Mutex needs macOS 15 / iOS 18). `package` access: the targets of
/// this package share it; clients of the library products never see it.
package final class Locked<Value>: @unchecked Sendable {
    // Sendable: `value` is only touched inside `lock`.
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`; from now on it is reached only through `withLock`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access. Never call back into user code from `body`.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
