import Foundation
import Locking

/// The temporary files `migrate-scan` is writing beside the user's files — a report on its way
/// to `--output`, a source `--fix` is rewriting — deleted when SIGINT, SIGTERM or SIGHUP ends the
/// process midway, so an interrupted run leaves the tree as it found it.
///
/// A file is tracked from the call that creates it to the call that renames or deletes it, both
/// made under the lock that the cleanup holds until the process is gone: no file is created or
/// renamed after the cleanup has looked. Tracking costs one lock round trip per file; without
/// `installSignalHandlers()` (tests running the command in-process) nothing is deleted.
package enum TemporaryFileCleanup {
    private static let pending = Locked<Set<String>>([])

    /// Runs `create`, which makes a temporary file and returns its path (nil when it could not),
    /// and tracks the path; returns what `create` returned.
    static func track(_ create: () -> String?) -> String? {
        pending.withLock { paths in
            let path = create()
            if let path { paths.insert(path) }
            return path
        }
    }

    /// Runs `finish`, which renames or deletes the temporary file at `path`, and stops tracking it;
    /// returns what `finish` returned.
    static func release<Result>(_ path: String, _ finish: () -> Result) -> Result {
        pending.withLock { paths in
            defer { paths.remove(path) }
            return finish()
        }
    }

    /// Has SIGINT, SIGTERM and SIGHUP delete the tracked files, then end the process with the
    /// signal as before (a shell still sees 130, 143 or 129). A signal the process was started
    /// ignoring (`nohup`, a background job) stays ignored. Call once, from the executable.
    ///
    /// The handler only writes the signal's number to a pipe (`write` is safe in a signal handler);
    /// a thread of its own reads it and does the rest, so any thread may take the signal.
    package static func installSignalHandlers() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        Thread.detachNewThread {
            var signalNumber: UInt8 = 0
            while true {
                let count = read(readEnd, &signalNumber, 1)
                if count == 1 { return deleteTrackedFilesAndEnd(with: Int32(signalNumber)) }
                if count < 0 && errno == EINTR { continue }
                return
            }
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(signalNumber, forwardSignal)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
            }
        }
    }

    /// Deletes every tracked file and re-raises `signalNumber` with its default action, inside the
    /// lock, which no other thread gets again.
    private static func deleteTrackedFilesAndEnd(with signalNumber: Int32) {
        pending.withLock { paths in
            for path in paths { unlink(path) }
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
    }
}

/// The write end of the pipe `forwardSignal` writes to; set once, before the handlers are.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

private func forwardSignal(_ signalNumber: Int32) {
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd, &byte, 1)
}
