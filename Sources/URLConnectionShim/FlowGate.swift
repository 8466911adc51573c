import Foundation

/// Where URLSession's event thread waits while a connection's delegate catches up (C29): opened
/// by the delivery target once the undelivered data has drained below the low-water mark, or by
/// `cancel()` and the timeout, so a wait never outlives the load.
final class FlowGate: @unchecked Sendable {
    // Sendable: `isOpen` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var isOpen = false

    /// Opens the gate for good and wakes the waiter. Callable from any thread, any number of times.
    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the gate opens or `timeout` seconds pass; true if it opened.
    func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen {
            if !condition.wait(until: deadline) {
                return isOpen
            }
        }
        return true
    }
}
