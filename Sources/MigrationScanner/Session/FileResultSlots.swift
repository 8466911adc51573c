import Foundation
import Locking

/// One slot per discovered file, filled by whichever worker scans it, plus the next file to hand out.
///
/// Workers claim indices in the order given and write only their own slot, so the results come
/// back in discovery order whatever the interleaving; the merge then sorts them into report order.
final class FileResultSlots: Sendable {
    private struct State {
        var slots: [FileScanResult?]
        let claimOrder: [Int]
        var claimed = 0
    }

    private let state: Locked<State>

    /// - Parameter claimOrder: Every index below the number of files once, in the order to hand them out.
    init(claimOrder: [Int]) {
        state = Locked(State(slots: Array(repeating: nil, count: claimOrder.count), claimOrder: claimOrder))
    }

    /// The index of a file no worker has taken yet, or nil when all are taken.
    func claim() -> Int? {
        state.withLock { state in
            guard state.claimed < state.claimOrder.count else { return nil }
            defer { state.claimed += 1 }
            return state.claimOrder[state.claimed]
        }
    }

    func store(_ result: FileScanResult, at index: Int) {
        state.withLock { $0.slots[index] = result }
    }

    /// Every result, in discovery order; call after all workers returned.
    func results() -> [FileScanResult] {
        state.withLock { $0.slots.compactMap { $0 } }
    }
}
