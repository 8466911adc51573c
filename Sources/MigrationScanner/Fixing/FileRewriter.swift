import Foundation

/// Replaces a file's contents atomically: the new bytes go to a temporary file in the same
/// directory with the original's permission bits, which is then renamed over the original.
///
/// Readers see the old file or the new one, never half of each; a file that changed since it
/// was read (an editor saved it, another fixer ran) is left alone rather than overwritten.
struct FileRewriter: Sendable {
    /// Why a file was not rewritten.
    enum Failure: Error, Sendable, Equatable {
        /// The file's bytes are no longer those the edits were computed from.
        case changedSinceRead
        case cannotWrite(String)
    }

    init() {}

    /// Writes `bytes` to `path` if it still holds `expected`.
    func replace(_ path: String, expected: [UInt8], with bytes: [UInt8]) throws(Failure) {
        guard let current = FileManager.default.contents(atPath: path), [UInt8](current) == expected else {
            throw .changedSinceRead
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array("\(directory.isEmpty ? "." : directory)/.\(name).migrate-scan-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = written && fchmod(descriptor, info.st_mode & 0o7777) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard synced else { throw .cannotWrite(String(cString: strerror(errno))) }
        // Checked again just before the rename: the window for a lost concurrent save is this short.
        guard let latest = FileManager.default.contents(atPath: path), [UInt8](latest) == expected else {
            throw .changedSinceRead
        }
        guard rename(temporary, path) == 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        succeeded = true
    }
}
