import Foundation

/// A value shared between the server's threads, read and written only while holding its lock.
final class Locked<Value: Sendable>: @unchecked Sendable { // Sendable: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
