import Foundation

/// Replaces a file's contents as clang-apply-replacements and swift-format do: all of a file's
/// edits or none, atomically, keeping what the file is.
///
/// The new bytes go to a temporary file in the same directory, which takes the original's owner,
/// group, permission bits and access time, and is then renamed over the original: readers see
/// the old file or the new one, never half of each. A symlink is followed to its target when the
/// target lies inside `root`, so the link stays a link and the real source is fixed; any other
/// symlink is refused. A read-only file, a file with other hard links, a file in a directory that cannot take the temporary
/// file, and a file that changed since it was read (an editor saved it) are left alone.
package struct FileRewriter: Sendable {
    /// Why a file was not rewritten; `description` is the one-line reason.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file's bytes are no longer those the edits were computed from.
        case changedSinceRead
        /// The file is a symlink whose target lies outside the root (or cannot be resolved).
        case symlinkOutsideRoot(String)
        /// No write permission bit is set, or the process may not write the file.
        case readOnly
        /// The owner or group of the original cannot be given to the new file.
        case cannotKeepOwner
        /// The file has other hard links, which the rename would leave with the old contents.
        case hardLinked(Int)
        case cannotWrite(String)

        package var description: String {
            switch self {
            case .changedSinceRead: "changed since it was read; not rewritten"
            case .symlinkOutsideRoot(let target): "symlink to \(target), outside the root; not rewritten"
            case .readOnly: "read-only; not rewritten"
            case .cannotKeepOwner: "its owner or group cannot be kept (run as the file's owner); not rewritten"
            case .hardLinked(let links): "has \(links) hard links, which a new file would split; not rewritten"
            case .cannotWrite(let reason): "cannot rewrite: \(reason)"
            }
        }
    }

    /// Symlinks are followed only to targets inside this directory (absolute, clean).
    var root: String

    package init(root: String) {
        self.root = root
    }

    /// The file a write to `path` lands in: `path` itself, or a symlink's target inside the root.
    package func target(of path: String) throws(Failure) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .cannotWrite(Self.systemError()) }
        guard info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard case .success(let resolved) = FileSystemPath.resolved(path),
              case .success(let resolvedRoot) = FileSystemPath.resolved(root),
              FileSystemPath.isPath(resolved, within: resolvedRoot)
        else {
            throw .symlinkOutsideRoot((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        }
        return resolved
    }

    /// Writes `bytes` to `path` (or the symlink's target) if it still holds `expected`.
    package func replace(_ path: String, expected: [UInt8], with bytes: [UInt8]) throws(Failure) {
        let target = try target(of: path)
        guard let current = FileManager.default.contents(atPath: target), [UInt8](current) == expected else {
            throw .changedSinceRead
        }
        var info = stat()
        guard stat(target, &info) == 0 else { throw .cannotWrite(Self.systemError()) }
        // Root may write anything; a file nobody may write is still one its owner meant to keep.
        guard info.st_mode & 0o222 != 0, access(target, W_OK) == 0 else { throw .readOnly }
        guard info.st_nlink <= 1 else { throw .hardLinked(Int(info.st_nlink)) }
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array("\(directory.isEmpty ? "." : directory)/.\(name).migrate-scan-XXXXXX".utf8CString)
        var descriptor: Int32 = -1
        var creationError = ""
        let created = TemporaryFileCleanup.track {
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                creationError = Self.systemError()
                return nil
            }
            return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard let temporary = created else { throw .cannotWrite(creationError) }
        var succeeded = false
        defer {
            if !succeeded { TemporaryFileCleanup.release(temporary) { _ = unlink(temporary) } }
        }
        defer { close(descriptor) }
        guard Self.writeAll(bytes, to: descriptor) else { throw .cannotWrite(Self.systemError()) }
        if info.st_uid != geteuid() || info.st_gid != getegid() {
            guard fchown(descriptor, info.st_uid, info.st_gid) == 0 else { throw .cannotKeepOwner }
        }
        // After fchown, which clears set-user-ID and set-group-ID bits.
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw .cannotWrite(Self.systemError()) }
        guard futimens(descriptor, [Self.accessTime(info), Self.now()]) == 0, fsync(descriptor) == 0 else { throw .cannotWrite(Self.systemError()) }
        // Checked again just before the rename: the window for a lost concurrent save is this short.
        guard let latest = FileManager.default.contents(atPath: target), [UInt8](latest) == expected else {
            throw .changedSinceRead
        }
        let renameError: String? = TemporaryFileCleanup.release(temporary) {
            rename(temporary, target) == 0 ? nil : Self.systemError()
        }
        if let renameError { throw .cannotWrite(renameError) }
        succeeded = true
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
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

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
