import Foundation

/// One slot per discovered file, filled by whichever worker scans it, plus the next file to hand out.
///
/// Workers claim indices in order and write only their own slot, so the results come back in
/// discovery order whatever the interleaving; the merge then sorts them into report order.
final class FileResultSlots: @unchecked Sendable {  // `slots` and `next` are only touched under `lock`
    // LOCKING_DEPENDENCY_NEEDED: a local NSLock until MigrationScanner depends on `Locking` (`Locked<Value>`).
    private let lock = NSLock()
    private var slots: [FileScanResult?]
    private var next = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The index of a file no worker has taken yet, or nil when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        defer { next += 1 }
        return next
    }

    func store(_ result: FileScanResult, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
    }

    /// Every result, in discovery order; call after all workers returned.
    func results() -> [FileScanResult] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
