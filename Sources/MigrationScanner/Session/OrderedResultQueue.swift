import Foundation

/// Hands files to the scanning workers in report order and their results to one consumer in the
/// same order, holding only the results that finished ahead of an earlier file still being scanned.
///
/// No worker claims a file more than `window` places ahead of the consumer, so what waits here is
/// bounded by the window whatever the number of files or findings: a report written while files
/// are scanned holds a few files' findings, never all of them.
final class OrderedResultQueue: @unchecked Sendable {
    // @unchecked: the variables below are only touched while `condition` is locked. A condition,
    // not `Locked`, because workers wait for the consumer and the consumer for a worker.
    private let condition = NSCondition()
    private var finishedAhead: [Int: FileScanResult] = [:]
    private var nextToClaim = 0
    private var nextToDeliver = 0
    private let count: Int
    private let window: Int

    /// - Parameters:
    ///   - count: The files, numbered from 0 in report order.
    ///   - window: How far past the next result to deliver a file may be claimed; at least 1.
    init(count: Int, window: Int) {
        self.count = count
        self.window = max(window, 1)
    }

    /// The next file to scan, waiting while the window is full; nil when every file is claimed.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while nextToClaim < count && nextToClaim >= nextToDeliver + window { condition.wait() }
        guard nextToClaim < count else { return nil }
        defer { nextToClaim += 1 }
        return nextToClaim
    }

    func store(_ result: FileScanResult, at position: Int) {
        condition.lock()
        defer { condition.unlock() }
        finishedAhead[position] = result
        if position == nextToDeliver { condition.broadcast() }
    }

    /// The next result in order, waiting until it is stored; nil after the last.
    func next() -> FileScanResult? {
        condition.lock()
        defer { condition.unlock() }
        guard nextToDeliver < count else { return nil }
        while finishedAhead[nextToDeliver] == nil { condition.wait() }
        defer {
            nextToDeliver += 1
            condition.broadcast()  // the window moved: a worker may claim again
        }
        return finishedAhead.removeValue(forKey: nextToDeliver)
    }
}
