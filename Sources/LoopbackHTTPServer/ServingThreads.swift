import Foundation

/// The threads one server runs on, tracked so `stop()` can wait until every one has returned
/// and a test never outlives the threads it started.
final class ServingThreads: @unchecked Sendable { // Sendable: `running` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var running: Set<ObjectIdentifier> = []

    /// Small stacks: connection threads only parse and copy, and a benchmark may hold hundreds.
    private static let stackSize = 512 * 1024

    func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            finished(ObjectIdentifier(Thread.current))
        }
        thread.name = name
        thread.stackSize = Self.stackSize
        condition.lock()
        running.insert(ObjectIdentifier(thread))
        condition.unlock()
        thread.start()
    }

    /// The number of threads whose body has not returned yet.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return running.count
    }

    /// Blocks until every thread has returned, except the calling one, so a route that stops its
    /// own server does not wait for itself.
    func waitUntilAllFinished() {
        let caller = ObjectIdentifier(Thread.current)
        condition.lock()
        while !running.subtracting([caller]).isEmpty {
            condition.wait()
        }
        condition.unlock()
    }

    private func finished(_ thread: ObjectIdentifier) {
        condition.lock()
        running.remove(thread)
        condition.broadcast()
        condition.unlock()
    }
}
