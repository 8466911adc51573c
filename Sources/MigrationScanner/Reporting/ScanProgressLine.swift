import Foundation

/// The `scanning 120/4000 files` line a terminal shows while a long scan runs.
///
/// Workers call `advance` from many threads; nothing is written during the first second (most
/// scans end before that), then at most ten updates a second, each overwriting the last.
public final class ScanProgressLine: @unchecked Sendable {  // all mutable state is guarded by `lock`
    /// The delay before the first update.
    public static let delay: Duration = .seconds(1)
    private static let interval: Duration = .milliseconds(100)

    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let start: ContinuousClock.Instant
    // LOCKING_DEPENDENCY_NEEDED: a local NSLock until MigrationScanner depends on `Locking` (`Locked<Value>`).
    private let lock = NSLock()
    private var done = 0
    private var lastWrite: ContinuousClock.Instant?

    /// `write` receives the terminal text (carriage return and erase-line included); `now` is
    /// injectable so tests need no sleeps.
    public init(
        write: @escaping @Sendable (String) -> Void,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.write = write
        self.now = now
        start = now()
    }

    /// One more file of `total` is done.
    public func advance(total: Int) {
        let instant = now()
        lock.lock()
        defer { lock.unlock() }
        done += 1
        guard instant - start >= Self.delay else { return }
        if let lastWrite, instant - lastWrite < Self.interval, done < total { return }
        lastWrite = instant
        write("\r\u{1B}[Kscanning \(done)/\(total) files")
    }

    /// Erases the line, if one was written, before the summary.
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if lastWrite != nil { write("\r\u{1B}[K") }
        lastWrite = nil
    }
}
