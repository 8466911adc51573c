import Foundation
import Locking

/// A connection's outgoing messages, delivered in order and one at a time on its target.
///
/// Ordering and mutual exclusion live here rather than in the target, because neither a
/// concurrent delegate queue nor several run loops would give them: whoever drains first takes
/// every pending message; a drain that finds another in progress leaves the work to it.
final class MessageMailbox: @unchecked Sendable {
    // Sendable: `state` is Locked; `target` is immutable.
    typealias Message = () -> Void

    private struct State {
        var pending: [Message] = []
        var isDraining = false
        var wakeRequested = false
    }

    private let target: DeliveryTarget
    private let state = Locked(State())

    init(target: DeliveryTarget) {
        self.target = target
    }

    /// Queues `message` behind every message posted before it and wakes the target if needed.
    /// Callable from any thread.
    func post(_ message: @escaping Message) {
        let needsWake = state.withLock { state in
            state.pending.append(message)
            guard !state.isDraining, !state.wakeRequested else { return false }
            state.wakeRequested = true
            return true
        }
        if needsWake {
            target.wake { [self] in drain() }
        }
    }

    /// Runs pending messages until none is left. Called on the target.
    func drain() {
        let mayDrain = state.withLock { state in
            state.wakeRequested = false
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        guard mayDrain else { return }
        while true {
            let batch = state.withLock { state in
                let batch = state.pending
                state.pending.removeAll(keepingCapacity: true)
                if batch.isEmpty {
                    state.isDraining = false
                }
                return batch
            }
            if batch.isEmpty { return }
            for message in batch {
                message()
            }
        }
    }
}
