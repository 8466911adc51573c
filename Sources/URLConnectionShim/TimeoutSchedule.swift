import Foundation
import Locking

/// The shim's one timeout timer, shared by every load.
///
/// A dispatch timer per connection cost a fifth of the throughput of small concurrent requests
/// (measured with shim-benchmark); one timer armed for the earliest deadline costs a dictionary
/// insert and remove per load. The timer runs on a private serial queue; it reads each
/// watchdog's last activity when it fires, so recording activity never takes this lock.
final class TimeoutSchedule: @unchecked Sendable {
    // Sendable: `state` is Locked; `timer` is only re-scheduled inside that lock.
    static let shared = TimeoutSchedule()

    private struct State {
        var watchdogs: [ObjectIdentifier: TimeoutWatchdog] = [:]
        var armedFor: DispatchTime?
    }

    private let state = Locked(State())
    private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "URLConnectionShim.timeouts"))

    private init() {
        timer.setEventHandler { [unowned self] in fire() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    func add(_ watchdog: TimeoutWatchdog) {
        let deadline = watchdog.deadline
        state.withLock { state in
            state.watchdogs[ObjectIdentifier(watchdog)] = watchdog
            if state.armedFor.map({ deadline < $0 }) ?? true {
                state.armedFor = deadline
                timer.schedule(deadline: deadline)
            }
        }
    }

    func remove(_ watchdog: TimeoutWatchdog) {
        state.withLock { _ = $0.watchdogs.removeValue(forKey: ObjectIdentifier(watchdog)) }
    }

    /// Times out every load idle past its deadline and re-arms for the earliest remaining one.
    private func fire() {
        let now = DispatchTime.now()
        let expired: [TimeoutWatchdog] = state.withLock { state in
            var expired: [TimeoutWatchdog] = []
            var earliest: DispatchTime?
            for (key, watchdog) in state.watchdogs {
                let deadline = watchdog.deadline
                if deadline <= now {
                    expired.append(watchdog)
                    state.watchdogs[key] = nil
                } else if earliest.map({ deadline < $0 }) ?? true {
                    earliest = deadline
                }
            }
            state.armedFor = earliest
            timer.schedule(deadline: earliest ?? .distantFuture)
            return expired
        }
        for watchdog in expired {
            watchdog.timeOut()
        }
    }
}
