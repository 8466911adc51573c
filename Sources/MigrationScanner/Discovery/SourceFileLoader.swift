import Foundation

/// Reads a discovered file, leaving out what is not source: binaries and over-large files.
///
/// Bytes are returned as they are, invalid UTF-8 included: the lexers take bytes.
package struct SourceFileLoader: Sendable {
    /// How far to look for a NUL byte, as git does to call a file binary.
    static let binaryProbeLength = 8 * 1024

    /// What became of one file.
    package enum Outcome: Sendable, Equatable {
        case source([UInt8])
        /// Deliberately not scanned; the reason is a note.
        case skipped(reason: String)
        /// Could not be read; the reason is an error.
        case failed(reason: String)
    }

    /// Files found in directories and larger than this many bytes are skipped; explicit files never are.
    var maximumFileSize: Int

    /// A loader that skips files over `maximumFileSize` bytes.
    package init(maximumFileSize: Int = DiscoveryOptions.defaultMaximumFileSize) {
        self.maximumFileSize = maximumFileSize
    }

    /// The file's bytes, or why it was not scanned. Never throws: an unreadable file is an outcome the
    /// session reports and scans on past.
    package func load(_ file: DiscoveredFile) -> Outcome {
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
        guard let bytes = readAll(descriptor, expectedSize: size) else {
            return .failed(reason: "cannot read: " + FileSystemError.fromErrno(path: file.absolutePath).reason)
        }
        return Self.outcome(ofRead: bytes)
    }

    /// What `load(_:)` makes of a file's bytes once read: source, or a binary file skipped.
    static func outcome(ofRead bytes: [UInt8]) -> Outcome {
        if hasNUL(in: bytes, within: binaryProbeLength) {
            return .skipped(reason: "skipped: binary file (a NUL byte in the first 8 KiB)")
        }
        return .source(bytes)
    }

    /// `memchr` rather than `prefix(_:).contains(0)`, which tests a byte at a time: this reads
    /// 8 KiB of every file.
    private static func hasNUL(in bytes: [UInt8], within length: Int) -> Bool {
        let probed = min(bytes.count, length)
        guard probed > 0 else { return false }
        return bytes.withUnsafeBufferPointer { memchr($0.baseAddress!, 0, probed) != nil }
    }

    /// Reads to the end of the file straight into the array, sized by `fstat` and grown if the
    /// file grew meanwhile: no intermediate buffer, no copy. Nil on a read error (`errno` is set).
    ///
    /// A read that stops short at the size `fstat` gave has reached the end: the read that would
    /// say so is not made, one system call less for each of thousands of files. A file that grew
    /// fills the byte the buffer has to spare, and is read on.
    private func readAll(_ descriptor: Int32, expectedSize: Int) -> [UInt8]? {
        var capacity = max(expectedSize + 1, 4096)
        var bytes: [UInt8] = []
        while true {
            var failed = false
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = bytes.count
                if count > 0 { _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<count]).initialize(from: bytes) }
                while count < buffer.count {
                    let received = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if received == 0 { return }
                    if received < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        return
                    }
                    count += received
                    if count == expectedSize { return }
                }
            }
            if failed { return nil }
            // The buffer filled up before end of file: the file is larger than `fstat` said.
            guard bytes.count == capacity else { return bytes }
            capacity *= 2
        }
    }
}
