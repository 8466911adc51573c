import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLProtocol's forwarded task and whether the protocol was stopped.
///
/// The task is created on another queue (on Linux, creating and resuming a task inside
/// `startLoading` traps), so `stopLoading` may run before the task exists: whichever comes
/// second decides — a task begun after the stop is never resumed, a stop after the task
/// began cancels it.
package final class ForwardedLoad: @unchecked Sendable {
    // Sendable: `task` and `isStopped` are only touched inside `lock`.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isStopped = false

    package init() {}

    /// Whether `stop()` was called; the protocol's client must hear nothing after it.
    package var wasStopped: Bool {
        lock.withLock { isStopped }
    }

    /// Starts `task` unless the load was stopped meanwhile.
    package func begin(_ task: URLSessionDataTask) {
        let stopped = lock.withLock { () -> Bool in
            self.task = task
            return isStopped
        }
        if !stopped {
            task.resume()
        }
    }

    /// Marks the load stopped and cancels its task if it began.
    package func stop() {
        let running = lock.withLock { () -> URLSessionDataTask? in
            isStopped = true
            return task
        }
        running?.cancel()
    }
}
