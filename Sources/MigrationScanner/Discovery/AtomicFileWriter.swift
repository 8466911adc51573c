import Foundation

/// Writes a file whole or not at all: every file migrate-scan writes (a report, a baseline, a
/// source `--fix` rewrites, `--fix --output`) goes through it, as clang-apply-replacements and
/// swift-format replace files.
///
/// The bytes go to a temporary file of its own beside the destination, which `finish()` flushes to
/// disk and renames over it: readers see the old file or the new one, never half of each, and a
/// failed write leaves the destination as it was. A file that exists keeps its owner, group,
/// permission bits and access time. A symlink is followed to its target when the target lies
/// inside `root`, so the link stays a link; any other symlink is refused, as are a read-only file,
/// a file with other hard links (the rename would leave them with the old contents) and, when the
/// writer is told what was read, a file that changed since.
package final class AtomicFileWriter {
    /// Why a file was not written; `description` is the one-line reason.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file's bytes are no longer those the new ones were computed from.
        case changedSinceRead
        /// The file is a symlink whose target lies outside the root (or cannot be resolved).
        case symlinkOutsideRoot(String)
        /// The file is a symlink, and the writer was given no root to follow one into.
        case symlink(String)
        /// No write permission bit is set, or the process may not write the file.
        case readOnly
        /// The owner or group of the original cannot be given to the new file.
        case cannotKeepOwner
        /// The file has other hard links, which the rename would leave with the old contents.
        case hardLinked(Int)
        /// The system's message for a failed call.
        case cannotWrite(String)

        package var description: String {
            switch self {
            case .changedSinceRead: "changed since it was read"
            case .symlinkOutsideRoot(let target): "symlink to \(target), outside the root"
            case .symlink(let target): "symlink to \(target), which a written file does not follow"
            case .readOnly: "read-only"
            case .cannotKeepOwner: "its owner or group cannot be kept (run as the file's owner)"
            case .hardLinked(let links): "has \(links) hard links, which a new file would split"
            case .cannotWrite(let reason): reason
            }
        }

        fileprivate static func system(_ errorNumber: Int32 = errno) -> Failure {
            .cannotWrite(String(cString: strerror(errorNumber)))
        }
    }

    /// The file a write to `path` (absolute) lands in: `path` itself, or a symlink's target inside
    /// `root` (absolute, clean; nil follows no symlink).
    package static func target(of path: String, root: String?) throws(Failure) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // A file not there yet is created.
            if errno == ENOENT { return path }
            throw .system()
        }
        guard info.st_mode & S_IFMT == S_IFLNK else { return path }
        let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        guard let root else { throw .symlink(destination) }
        guard case .success(let resolved) = FileSystemPath.resolved(path),
              case .success(let resolvedRoot) = FileSystemPath.resolved(root),
              FileSystemPath.isPath(resolved, within: resolvedRoot)
        else { throw .symlinkOutsideRoot(destination) }
        return resolved
    }

    /// Writes `bytes` to `path` (absolute) as one piece; see `init(path:root:expected:)`.
    package static func write(_ bytes: [UInt8], to path: String, root: String? = nil, expected: [UInt8]? = nil) throws(Failure) {
        let file = try AtomicFileWriter(path: path, root: root, expected: expected)
        file.write(bytes)
        try file.finish()
    }

    private let target: String
    private let temporaryPath: String
    private var descriptor: Int32
    /// What the destination was when it existed: its owner, mode and times go to the new file.
    private let original: stat?
    private let expected: [UInt8]?
    /// The first failed write's `errno`, reported by `finish()`; later pieces are dropped.
    private var writeError: Int32 = 0
    /// Bytes not yet written to the descriptor: a streamed report hands over one path's findings
    /// at a time, and a system call for each of ten thousand paths cost more than writing them.
    private var pending: [UInt8] = []
    /// How much `pending` may hold before it is written.
    static let bufferSize = 64 * 1024

    /// Creates the temporary file beside `path` (absolute), or beside a symlink's target inside
    /// `root`. With `expected`, the destination must exist and hold those bytes, now and when the
    /// new ones replace them.
    package init(path: String, root: String? = nil, expected: [UInt8]? = nil) throws(Failure) {
        target = try Self.target(of: path, root: root)
        self.expected = expected
        try Self.check(target, holds: expected)
        var info = stat()
        if stat(target, &info) == 0 {
            // Root may write anything; a file nobody may write is still one its owner meant to keep.
            guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 else { throw .readOnly }
            guard info.st_nlink <= 1 else { throw .hardLinked(Int(info.st_nlink)) }
            original = info
        } else {
            original = nil
        }
        let directory = (target as NSString).deletingLastPathComponent
        let prefix = "\(directory.isEmpty ? "." : directory)/.\((target as NSString).lastPathComponent).migrate-scan-"
        var descriptor: Int32 = -1
        var creationError: Int32 = 0
        let created = TemporaryFileCleanup.track {
            // A name of its own (O_EXCL): never a file left by an earlier run, nor a FIFO or a
            // symlink someone put at a name they could guess. Mode 0666 less the umask, as any new file.
            for _ in 0..<16 {
                let candidate = prefix + String(UInt32.random(in: .min ... .max), radix: 36)
                descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if descriptor >= 0 { return candidate }
                creationError = errno
                if creationError != EEXIST { break }
            }
            return nil
        }
        guard let created else { throw .system(creationError) }
        temporaryPath = created
        self.descriptor = descriptor
    }

    /// Appends `text`'s UTF-8 bytes.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Appends `bytes`.
    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard writeError == 0 else { return }
        if pending.count + bytes.count > Self.bufferSize {
            flush()
            // A piece as large as the buffer goes out as it is, rather than through a grown copy.
            if bytes.count >= Self.bufferSize {
                let error = Self.writeAll(bytes, to: descriptor)
                if error != 0 { writeError = error }
                return
            }
        }
        pending.append(contentsOf: bytes)
    }

    /// Writes what `pending` holds; the first error is kept for `finish()`.
    private func flush() {
        defer { pending.removeAll(keepingCapacity: true) }
        guard writeError == 0 else { return }
        let error = pending.withUnsafeBufferPointer { Self.writeAll($0, to: descriptor) }
        if error != 0 { writeError = error }
    }

    /// Writes every byte, retrying interrupted writes; the `errno` of a failure, else 0.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += result
        }
        return 0
    }

    /// Gives the new file the original's owner, mode and access time, flushes it to disk and
    /// renames it over the destination; on any failure removes it and leaves the destination.
    package func finish() throws(Failure) {
        flush()
        var failure: Failure? = writeError == 0 ? nil : .system(writeError)
        if failure == nil { failure = keepOriginalAttributes() }
        if failure == nil, fsync(descriptor) != 0 { failure = .system() }
        if close(descriptor) != 0, failure == nil { failure = .system() }
        descriptor = -1
        if failure == nil {
            // Checked again just before the rename: the window for a lost concurrent save is this short.
            do throws(Failure) { try Self.check(target, holds: expected) } catch { failure = error }
        }
        TemporaryFileCleanup.release(temporaryPath) {
            if failure == nil, rename(temporaryPath, target) != 0 { failure = .system() }
            if failure != nil { unlink(temporaryPath) }
        }
        if let failure { throw failure }
    }

    /// The original's owner, group, permission bits and access time on the new file; nil when done.
    private func keepOriginalAttributes() -> Failure? {
        guard let original else { return nil }
        if original.st_uid != geteuid() || original.st_gid != getegid() {
            guard fchown(descriptor, original.st_uid, original.st_gid) == 0 else { return .cannotKeepOwner }
        }
        // After fchown, which clears set-user-ID and set-group-ID bits.
        guard fchmod(descriptor, original.st_mode & 0o7777) == 0,
              futimens(descriptor, [Self.accessTime(original), Self.now()]) == 0 else { return .system() }
        return nil
    }

    /// Throws unless `path` holds `expected` (nil: anything, or nothing).
    private static func check(_ path: String, holds expected: [UInt8]?) throws(Failure) {
        guard let expected else { return }
        guard let current = FileManager.default.contents(atPath: path), [UInt8](current) == expected else {
            throw .changedSinceRead
        }
    }

    private static func accessTime(_ info: stat) -> timespec {
        #if canImport(Darwin)
        info.st_atimespec
        #else
        info.st_atim
        #endif
    }

    private static func now() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }
}
