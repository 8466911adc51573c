import Foundation
import Locking

/// The `scanning 120/4000 files` line a terminal shows while a long scan runs.
///
/// Workers call `advance` from many threads; nothing is written during the first second (most
/// scans end before that), then at most ten updates a second, each overwriting the last.
package final class ScanProgressLine: Sendable {
    /// The delay before the first update.
    static let delay: Duration = .seconds(1)
    private static let interval: Duration = .milliseconds(100)

    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let start: ContinuousClock.Instant
    private struct Progress {
        var done = 0
        var lastWrite: ContinuousClock.Instant?
    }

    /// Writes happen inside the lock so that updates from several workers never appear out of order.
    private let progress = Locked(Progress())

    /// `write` receives the terminal text (carriage return and erase-line included); `now` is
    /// injectable so tests need no sleeps.
    package init(
        write: @escaping @Sendable (String) -> Void,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.write = write
        self.now = now
        start = now()
    }

    /// One more file of `total` is done.
    package func advance(total: Int) {
        let instant = now()
        progress.withLock { progress in
            progress.done += 1
            guard instant - start >= Self.delay else { return }
            if let lastWrite = progress.lastWrite, instant - lastWrite < Self.interval, progress.done < total { return }
            progress.lastWrite = instant
            write("\r\u{1B}[Kscanning \(progress.done)/\(total) files")
        }
    }

    /// Erases the line, if one was written, before the summary.
    package func finish() {
        progress.withLock { progress in
            if progress.lastWrite != nil { write("\r\u{1B}[K") }
            progress.lastWrite = nil
        }
    }
}
