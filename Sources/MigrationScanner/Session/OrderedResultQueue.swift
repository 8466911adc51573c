import Foundation

/// Hands files to the scanning workers in report order as discovery finds them, and their
/// results to one consumer in the same order, holding only the results that finished ahead of an
/// earlier file still being scanned.
///
/// Discovery adds files from its own thread while workers claim them, so scanning starts with the
/// first file found rather than after the last. No worker claims a file more than `window` places
/// ahead of the consumer, so what waits here is bounded by the window whatever the number of files
/// or findings: a report written while files are scanned holds a few files' findings, never all of them.
///
/// Each file costs a worker one locked step (`storeAndClaim(_:at:)` stores its result and claims
/// the next file) and the consumer less than one (`next()` takes every result that is ready at once):
/// discovery, two workers and the consumer locked four times a file, and waiting for the lock was
/// most of the futex time of a parallel scan of small files.
final class OrderedResultQueue: @unchecked Sendable {
    // @unchecked: the variables below are only touched while `condition` is locked, except
    // `taken`, which only the consumer touches. A condition, not `Locked`, because workers wait for
    // discovery and the consumer, and the consumer for a worker.
    private let condition = NSCondition()
    /// The files added so far, numbered from 0 in report order.
    private var files: [DiscoveredFile] = []
    private var isComplete = false
    /// Workers waiting for discovery to add a file: only they need waking when files are added
    /// (waking the consumer, which waits for results, for each of thousands of files cost more
    /// than the overlap gained).
    private var workersWaitingForFiles = 0
    private var finishedAhead: [Int: FileScanResult] = [:]
    private var nextToClaim = 0
    private var nextToDeliver = 0
    private let window: Int
    /// The consumer waits in `next()`. It is woken when the next result and a batch of others are
    /// stored, not for each: woken per file, futex calls (the context switches in them included) were
    /// 5.5% of the CPU samples of a scan of 20,952 small files (perf, cpu-clock); batched, that scan
    /// takes 6% less wall time.
    private var consumerIsWaiting = false
    private static let deliveryBatch = 16
    /// Results the consumer took out together and `next()` hands over one by one, last first.
    private var taken: [FileScanResult] = []

    /// - Parameter window: How far past the next result to deliver a file may be claimed; at least 1.
    init(window: Int) {
        self.window = max(window, 1)
    }

    /// Appends the next file in report order (from discovery's thread).
    func add(_ file: DiscoveredFile) {
        condition.lock()
        defer { condition.unlock() }
        files.append(file)
        if workersWaitingForFiles > 0 { condition.broadcast() }
    }

    /// Says no file will be added: workers and the consumer stop waiting once the last is done.
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
    /// full; nil when every file is claimed and discovery is done.
    func claim() -> (position: Int, file: DiscoveredFile)? {
        condition.lock()
        defer { condition.unlock() }
        return claimLocked()
    }

    /// Stores the result of the file at `position`, then claims the next file as `claim()` does,
    /// in one locked step.
    func storeAndClaim(_ result: FileScanResult, at position: Int) -> (position: Int, file: DiscoveredFile)? {
        condition.lock()
        defer { condition.unlock() }
        storeLocked(result, at: position)
        return claimLocked()
    }

    private func claimLocked() -> (position: Int, file: DiscoveredFile)? {
        while true {
            if nextToClaim >= files.count && !isComplete {
                workersWaitingForFiles += 1
                condition.wait()
                workersWaitingForFiles -= 1
            } else if nextToClaim < files.count && nextToClaim >= nextToDeliver + window {
                condition.wait()
            } else {
                break
            }
        }
        guard nextToClaim < files.count else { return nil }
        defer { nextToClaim += 1 }
        return (nextToClaim, files[nextToClaim])
    }

    func store(_ result: FileScanResult, at position: Int) {
        condition.lock()
        defer { condition.unlock() }
        storeLocked(result, at: position)
    }

    private func storeLocked(_ result: FileScanResult, at position: Int) {
        finishedAhead[position] = result
        if consumerIsWaiting && finishedAhead[nextToDeliver] != nil && (
            finishedAhead.count >= min(Self.deliveryBatch, window)
                // No other result may come soon: every file found so far is claimed, or the
                // workers wait for the window to move.
                || nextToClaim >= files.count || nextToClaim >= nextToDeliver + window)
        {
            condition.broadcast()
        }
    }

    /// The next result in order, waiting until it is stored; nil after the last, once discovery is
    /// done. Called from one thread, the consumer's.
    func next() -> FileScanResult? {
        if let result = taken.popLast() { return result }
        condition.lock()
        defer { condition.unlock() }
        while finishedAhead[nextToDeliver] == nil {
            if isComplete && nextToDeliver >= files.count { return nil }
            consumerIsWaiting = true
            condition.wait()
            consumerIsWaiting = false
        }
        var ready: [FileScanResult] = []
        while let result = finishedAhead.removeValue(forKey: nextToDeliver) {
            ready.append(result)
            nextToDeliver += 1
        }
        condition.broadcast()  // the window moved: a worker may claim again
        taken = ready.reversed()
        return taken.popLast()
    }
}
