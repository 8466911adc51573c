import Foundation

/// Reads a discovered file, leaving out what is not source: binaries and over-large files.
///
/// Bytes are returned as they are, invalid UTF-8 included: the lexers take bytes.
struct SourceFileLoader: Sendable {
    /// How far to look for a NUL byte, as git does to call a file binary.
    static let binaryProbeLength = 8 * 1024

    /// What became of one file.
    enum Outcome: Sendable, Equatable {
        case source([UInt8])
        /// Deliberately not scanned; the reason is a note.
        case skipped(reason: String)
        /// Could not be read; the reason is an error.
        case failed(reason: String)
    }

    /// Files found in directories and larger than this many bytes are skipped; explicit files never are.
    var maximumFileSize: Int

    init(maximumFileSize: Int = DiscoveryOptions.defaultMaximumFileSize) {
        self.maximumFileSize = maximumFileSize
    }

    /// The file's bytes, or why it was not scanned. Never throws: an unreadable file is an outcome the
    /// session reports and scans on past.
    func load(_ file: DiscoveredFile) -> Outcome {
        let descriptor = open(file.absolutePath, O_RDONLY)
        guard descriptor >= 0 else {
            return .failed(reason: "cannot read: " + FileSystemError.fromErrno(path: file.absolutePath).reason)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failed(reason: "cannot read: " + FileSystemError.fromErrno(path: file.absolutePath).reason)
        }
        let size = Int(info.st_size)
        if size > maximumFileSize && !file.isExplicit {
            return .skipped(reason: "skipped: \(size) bytes, over the \(maximumFileSize)-byte limit (--max-file-size)")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(reason: "cannot read: " + FileSystemError.fromErrno(path: file.absolutePath).reason)
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        if bytes.prefix(Self.binaryProbeLength).contains(0) {
            return .skipped(reason: "skipped: binary file (a NUL byte in the first 8 KiB)")
        }
        return .source(bytes)
    }
}
