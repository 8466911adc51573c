import Foundation
import Locking

/// The temporary files `migrate-scan` is writing beside the user's files — a report on its way
/// to `--output`, a source `--fix` is rewriting — deleted when SIGINT, SIGTERM, SIGHUP or SIGPIPE
/// ends the process midway, so an interrupted run leaves the tree as it found it.
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

    /// Has SIGINT, SIGTERM, SIGHUP and SIGPIPE delete the tracked files, then end the process with
    /// the signal as before (a shell still sees 130, 143, 129 or 141). A signal the process was
    /// started ignoring (`nohup`, a background job) stays ignored. Call once, from the executable.
    ///
    /// The handler only writes the signal's number to a pipe (`write` is safe in a signal handler);
    /// a thread of its own reads it and does the rest, so any thread may take the signal.
    package static func installSignalHandlers() {
        guard let pipe = signalPipe else { return }
        Thread.detachNewThread {
            var signalNumber: UInt8 = 0
            while true {
                let count = read(pipe.readEnd, &signalNumber, 1)
                if count == 1 { return deleteTrackedFilesAndEnd(with: Int32(signalNumber)) }
                if count < 0 && errno == EINTR { continue }
                return
            }
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] where !isIgnored(signalNumber) {
            signal(signalNumber, forwardSignal)
        }
    }

    /// Whether the process was started with `signalNumber` ignored, asked without changing it.
    private static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
        let handler = current.__sigaction_handler.sa_handler
        #else
        let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
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

/// The pipe from `forwardSignal` to the thread that cleans up: made before the first handler is
/// installed (a global's initializer is not safe in a signal handler, reading it afterwards is),
/// kept from child processes, and never blocking the handler.
private let signalPipe: (readEnd: Int32, writeEnd: Int32)? = {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
}()

private func forwardSignal(_ signalNumber: Int32) {
    let savedErrno = errno
    if let writeEnd = signalPipe?.writeEnd {
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(writeEnd, &byte, 1)
    }
    errno = savedErrno
}
