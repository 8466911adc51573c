import Foundation
import Locking

/// Decides, for the connections of one session, whether one of them may hold the session's
/// event thread while its delegate catches up (C29).
///
/// On Linux, waiting in the event thread holds up every transfer of the session, and every
/// call that needs its work queue: making, resuming or cancelling a task. So a connection waits
/// only while its task is the session's only one and nothing waits for the work queue;
/// otherwise it keeps what its delegate has not taken on disk (`SpillFile`). A task being made
/// (`beginWork`) opens every gate waited at, so it is never held up by another connection's
/// delegate. Called from the session's event thread and from wherever tasks are made.
final class SessionFlowControl: Sendable {
    private struct State {
        /// Tasks being made and resumed on the session right now.
        var pendingWork = 0
        /// The gates connections are waiting at, by gate.
        var waiting: [ObjectIdentifier: FlowGate] = [:]
    }

    private let state = Locked(State())

    /// A task is about to be made on the session: ends every wait and lets no new one start
    /// until `endWork()`.
    func beginWork() {
        let gates = state.withLock { state in
            state.pendingWork += 1
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for gate in gates {
            gate.open()
        }
    }

    /// The task begun with `beginWork()` is made and resumed.
    func endWork() {
        state.withLock { $0.pendingWork -= 1 }
    }

    /// Whether a wait of the event thread would hold up work on the session now.
    var hasPendingWork: Bool {
        state.withLock { $0.pendingWork > 0 }
    }

    /// Records that the event thread is about to wait at `gate`; false (do not wait) when work
    /// is pending.
    func willWait(at gate: FlowGate) -> Bool {
        state.withLock { state in
            guard state.pendingWork == 0 else { return false }
            state.waiting[ObjectIdentifier(gate)] = gate
            return true
        }
    }

    /// The wait at `gate` is over.
    func stoppedWaiting(at gate: FlowGate) {
        state.withLock { _ = $0.waiting.removeValue(forKey: ObjectIdentifier(gate)) }
    }
}
