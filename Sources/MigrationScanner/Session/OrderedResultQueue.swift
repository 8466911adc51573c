import Foundation

/// Hands files to the scanning threads in report order as discovery finds them, and their results
/// to one of those threads, the one that writes the report, in the same order, holding only the
/// results that finished ahead of an earlier file still being scanned.
///
/// Discovery adds files from its own thread while workers claim them, so scanning starts with the
/// first file found rather than after the last. No file is claimed more than `window` places ahead
/// of the next result to deliver, so what waits here is bounded by the window whatever the number
/// of files or findings: a report written while files are scanned holds a few files' findings,
/// never all of them.
///
/// The thread that writes the report scans too (`step(after:)`): it takes the results that
/// are ready, and when none is, scans the next file itself rather than wait: a writer of its own
/// beside two workers would make four threads (discovery included) take turns on two processors,
/// with ten times the context switches and more CPU time for the same scan. Each file costs a
/// worker one locked step (`storeAndClaim(_:at:)` stores its result and claims the next file), and
/// waiting threads are woken only when one of them can go on: a file was added that the window
/// lets them claim, the window moved past a file not yet claimed, the result the writer waits for
/// was stored, or discovery ended.
final class OrderedResultQueue: @unchecked Sendable {
    // @unchecked: the variables below are only touched while `condition` is locked. A condition,
    // not `Locked`, because workers wait for discovery and for the window to move, and the writer
    // for a result.
    private let condition = NSCondition()
    /// The files added so far, numbered from 0 in report order. A file is taken out (nil) when
    /// claimed and goes on with its result, so the writer frees each one as it writes it, while the
    /// other threads still scan, not all of them after the last result, when the queue is freed.
    private var files: [DiscoveredFile?] = []
    private var isComplete = false
    /// Workers waiting for discovery to add a file, or for the window to move.
    private var waitingToClaim = 0
    /// The writer waits in `step(after:)` only when no result is ready and no file can be
    /// claimed; it is woken when the next result is stored, a file it may claim is added, or
    /// discovery ends.
    private var writerIsWaiting = false
    /// The results stored and not yet delivered, the file at position `p` in slot `p % window`:
    /// the positions in flight lie in `nextToDeliver ..< nextToDeliver + window`, one a slot.
    private var finishedAhead: [FileScanResult?]
    private var nextToClaim = 0
    private var nextToDeliver = 0
    private let window: Int

    /// What the thread that writes the report does next.
    enum WriterStep {
        /// Write these results, the next ones in order.
        case deliver([FileScanResult])
        /// Scan this file, then store its result with the next step.
        case scan(position: Int, file: DiscoveredFile)
    }

    /// - Parameter window: How many files, counting the next result to deliver, may be claimed and
    ///   not yet delivered at once; at least 1.
    init(window: Int) {
        self.window = max(window, 1)
        finishedAhead = Array(repeating: nil, count: self.window)
    }

    /// Appends the next file in report order (from discovery's thread).
    func add(_ file: DiscoveredFile) {
        condition.lock()
        defer { condition.unlock() }
        files.append(file)
        // With the window open, whoever waits, waits for a file; with it closed, nobody may claim
        // the new one yet, and the delivery that opens it wakes the workers.
        if windowIsOpen && (waitingToClaim > 0 || writerIsWaiting) { condition.broadcast() }
    }

    /// Says no file will be added: workers and the writer stop waiting once the last is done.
    func finishAdding() {
        condition.lock()
        defer { condition.unlock() }
        isComplete = true
        condition.broadcast()
    }

    /// The number of files added, plus one while more may come: the total a progress line shows,
    /// which then never reads as complete before discovery is.
    var progressTotal: Int {
        condition.lock()
        defer { condition.unlock() }
        return files.count + (isComplete ? 0 : 1)
    }

    /// The next file to scan and its position, waiting while none is added yet or the window is
    /// full; nil when every file is claimed and discovery is done. For a worker that does not
    /// write the report.
    func claim() -> (position: Int, file: DiscoveredFile)? {
        condition.lock()
        defer { condition.unlock() }
        return waitAndClaimLocked()
    }

    /// Stores the result of the file at `position`, then claims the next file as `claim()` does,
    /// in one locked step.
    func storeAndClaim(_ result: FileScanResult, at position: Int) -> (position: Int, file: DiscoveredFile)? {
        condition.lock()
        defer { condition.unlock() }
        storeLocked(result, at: position)
        if writerIsWaiting && position == nextToDeliver { condition.broadcast() }
        return waitAndClaimLocked()
    }

    /// The writer's next step, after storing the result of the file it scanned, if any: the
    /// results that are ready, in order; else a file to scan; else it waits for either. Nil once
    /// every result is delivered and discovery is done. Called from one thread.
    func step(after scanned: (result: FileScanResult, position: Int)? = nil) -> WriterStep? {
        condition.lock()
        defer { condition.unlock() }
        if let scanned { storeLocked(scanned.result, at: scanned.position) }
        while true {
            var ready: [FileScanResult] = []
            while let result = finishedAhead[nextToDeliver % window].take() {
                ready.append(result)
                nextToDeliver += 1
            }
            if !ready.isEmpty {
                // The window moved: a worker may claim a file it kept from them (not one still to come).
                if waitingToClaim > 0 && nextToClaim < files.count { condition.broadcast() }
                return .deliver(ready)
            }
            if nextToClaim < files.count && windowIsOpen {
                return claimLocked().map { .scan(position: $0.position, file: $0.file) }
            }
            if isComplete && nextToDeliver >= files.count { return nil }
            writerIsWaiting = true
            condition.wait()
            writerIsWaiting = false
        }
    }

    private var windowIsOpen: Bool { nextToClaim < nextToDeliver + window }

    private func storeLocked(_ result: FileScanResult, at position: Int) {
        assert(finishedAhead[position % window] == nil, "two results in flight share a slot")
        finishedAhead[position % window] = result
    }

    private func waitAndClaimLocked() -> (position: Int, file: DiscoveredFile)? {
        while !isComplete && nextToClaim >= files.count || nextToClaim < files.count && !windowIsOpen {
            waitingToClaim += 1
            condition.wait()
            waitingToClaim -= 1
        }
        return claimLocked()
    }

    private func claimLocked() -> (position: Int, file: DiscoveredFile)? {
        guard nextToClaim < files.count else { return nil }
        defer { nextToClaim += 1 }
        // Each position is claimed once: its file is still there.
        return (nextToClaim, files[nextToClaim].take()!)
    }
}
