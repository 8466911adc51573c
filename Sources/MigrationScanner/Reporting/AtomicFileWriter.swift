import Foundation

/// A file written in pieces that appears at its path only once complete, as
/// `Data.write(to:options: .atomic)` does for a whole document: the pieces go to a temporary
/// file beside it, which `finish()` renames over the path. A failed write leaves the path as it was.
final class AtomicFileWriter {
    /// Why the file could not be written: the system's message for the first error.
    struct Failure: Error {
        let message: String

        init(errorNumber: Int32) {
            message = String(cString: strerror(errorNumber))
        }
    }

    private let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    /// The first write's `errno`, reported by `finish()`; later pieces are dropped.
    private var writeError: Int32 = 0

    /// Creates the temporary file beside `path` (absolute).
    init(path: String) throws(Failure) {
        self.path = path
        var descriptor: Int32 = -1
        var creationError: Int32 = 0
        let created = TemporaryFileCleanup.track {
            // A name of its own (O_EXCL): never a file left by an earlier run, nor a FIFO or a
            // symlink someone put at a name they could guess.
            for _ in 0..<16 {
                let candidate = path + ".migrate-scan-" + String(UInt32.random(in: .min ... .max), radix: 36) + ".tmp"
                descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if descriptor >= 0 { return candidate }
                creationError = errno
                if creationError != EEXIST { break }
            }
            return nil
        }
        guard let created else { throw Failure(errorNumber: creationError) }
        temporaryPath = created
        self.descriptor = descriptor
    }

    /// Bytes not yet written to the descriptor: a streamed report hands over one path's findings
    /// at a time, and a system call for each of ten thousand paths cost more than writing them.
    private var pending: [UInt8] = []
    /// How much `pending` may hold before it is written.
    static let bufferSize = 64 * 1024

    /// Appends `text`'s UTF-8 bytes.
    package func write(_ text: String) {
        guard writeError == 0 else { return }
        let length = text.utf8.count
        if pending.count + length > Self.bufferSize {
            flush()
            // A piece as large as the buffer goes out as it is, rather than through a grown copy.
            if length >= Self.bufferSize {
                var text = text
                let error = text.withUTF8 { Self.writeAll($0, to: descriptor) }
                if error != 0 { writeError = error }
                return
            }
        }
        pending.append(contentsOf: text.utf8)
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

    package func finish() throws(Failure) {
        flush()
        if close(descriptor) != 0 && writeError == 0 { writeError = errno }
        descriptor = -1
        TemporaryFileCleanup.release(temporaryPath) {
            if writeError == 0 && rename(temporaryPath, path) != 0 { writeError = errno }
            if writeError != 0 { unlink(temporaryPath) }
        }
        guard writeError == 0 else { throw Failure(errorNumber: writeError) }
    }
}
