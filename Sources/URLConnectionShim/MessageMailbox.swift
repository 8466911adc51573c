import Foundation
import Locking

/// A connection's outgoing messages, delivered in order and one at a time on its target.
///
/// Ordering and mutual exclusion live here rather than in the target, because neither a
/// concurrent delegate queue nor several run loops would give them: whoever drains first takes
/// every pending message; a drain that finds another in progress leaves the work to it.
final class MessageMailbox: @unchecked Sendable {
    // Sendable: `state` is Locked; `target` is immutable; `batch` is touched only by the one
    // drain that set `isDraining`, so never by two threads at once.
    typealias Message = () -> Void

    private struct State {
        var pending: [Message] = []
        var isDraining = false
        var wakeRequested = false
    }

    private let target: DeliveryTarget
    private let state = Locked(State())
    /// The messages being run. Swapped with `pending` rather than copied, so that after the
    /// first few messages neither array allocates again.
    private var batch: [Message] = []

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
            target.wake(self)
        }
    }

    /// Runs pending messages until none is left. Called on the target.
    ///
    /// One lock round trip per batch, the first one included: a message posted while a batch
    /// runs is picked up by the same drain, without another wake of the target.
    func drain() {
        let mayDrain = state.withLock { state in
            state.wakeRequested = false
            guard !state.isDraining, !state.pending.isEmpty else { return false }
            state.isDraining = true
            swap(&state.pending, &batch)
            return true
        }
        guard mayDrain else { return }
        var hasMore = true
        while hasMore {
            for message in batch {
                message()
            }
            batch.removeAll(keepingCapacity: true)
            // Decided under the lock: once `isDraining` is false another drain may own `batch`.
            hasMore = state.withLock { state in
                swap(&state.pending, &batch)
                state.isDraining = !batch.isEmpty
                return state.isDraining
            }
        }
    }
}
