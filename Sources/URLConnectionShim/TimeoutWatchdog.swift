import Foundation
import Locking

/// Times a load out as NSURLConnection did: when it has been idle — nothing sent or received —
/// for the request's `timeoutInterval`.
///
/// The shim keeps its own clock because Linux's URLSession fails sub-second intervals at once,
/// sometimes never fires a timeout, and, with several stalled tasks in one session, delays or
/// times out the session's other tasks; cancelling a timed-out task promptly frees the session.
/// All watchdogs share one timer (`TimeoutSchedule`); `noteActivity()` only stores a time.
final class TimeoutWatchdog: Sendable {
    private let interval: DispatchTimeInterval
    private let lastActivity = Locked(DispatchTime.now())
    private let onTimeout: @Sendable () -> Void

    /// Starts timing; `onTimeout` runs once, on the shim's timeout queue, unless `stop()` came first.
    init(interval: TimeInterval, onTimeout: @escaping @Sendable () -> Void) {
        self.interval = .nanoseconds(Int(interval * 1_000_000_000))
        self.onTimeout = onTimeout
        TimeoutSchedule.shared.add(self)
    }

    /// When the load times out if nothing more happens.
    var deadline: DispatchTime {
        lastActivity.withLock { $0 } + interval
    }

    /// Something was sent or received: the idle interval starts again.
    func noteActivity() {
        lastActivity.withLock { $0 = .now() }
    }

    func stop() {
        TimeoutSchedule.shared.remove(self)
    }

    /// Called by the schedule once the deadline has passed.
    func timeOut() {
        onTimeout()
    }
}
