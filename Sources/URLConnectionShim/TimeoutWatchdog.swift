import Foundation
import Locking

/// Times a load out as NSURLConnection did: when it has been idle — nothing sent or received —
/// for the request's `timeoutInterval`.
///
/// The shim keeps its own clock because Linux's URLSession fails sub-second intervals at once,
/// sometimes never fires a timeout, and, with several stalled tasks in one session, delays or
/// times out the session's other tasks; cancelling a timed-out task promptly frees the session.
/// One timer per load on one shared queue; `noteActivity()` only stores a time, the timer
/// re-arms itself when it finds the load was active meanwhile.
final class TimeoutWatchdog: @unchecked Sendable {
    // Sendable: `timer` is configured in `init` and afterwards only cancelled (thread-safe);
    // `lastActivity` is Locked.
    private static let queue = DispatchQueue(label: "URLConnectionShim.timeouts")

    private let interval: DispatchTimeInterval
    private let timer: DispatchSourceTimer
    private let lastActivity = Locked(DispatchTime.now())

    /// Starts timing; `onTimeout` runs once, on the shim's timeout queue, unless `stop()` came first.
    init(interval: TimeInterval, onTimeout: @escaping @Sendable () -> Void) {
        self.interval = .nanoseconds(Int(interval * 1_000_000_000))
        timer = DispatchSource.makeTimerSource(queue: Self.queue)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let deadline = lastActivity.withLock { $0 } + self.interval
            if deadline <= .now() {
                timer.cancel()
                onTimeout()
            } else {
                timer.schedule(deadline: deadline)
            }
        }
        timer.schedule(deadline: .now() + self.interval)
        timer.activate()
    }

    /// Something was sent or received: the idle interval starts again.
    func noteActivity() {
        lastActivity.withLock { $0 = .now() }
    }

    func stop() {
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}
