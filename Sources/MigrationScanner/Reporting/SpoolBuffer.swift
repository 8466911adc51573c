import Foundation

/// Text written now and read back once, in order, later: held in memory up to a limit and beyond
/// it in an unlinked temporary file, so a report whose first part depends on everything after it
/// (the HTML page's totals and charts come before its findings) need not hold all of it.
struct SpoolBuffer {
    /// How much is held in memory before it goes to the file.
    let memoryLimit: Int
    /// The size of the pieces `drain(_:)` hands over from the file.
    static let drainChunk = 1024 * 1024

    private var held: [UInt8] = []
    /// The temporary file once `held` first outgrew the limit, else -1.
    private var descriptor: Int32 = -1
    /// Bytes in the file.
    private var spilledCount = 0
    /// Set when the file could not be made or written: the rest stays in memory, as a report
    /// held whole does, rather than be lost.
    private var holdsEverything = false

    init(memoryLimit: Int = 4 * 1024 * 1024) {
        self.memoryLimit = memoryLimit
    }

    mutating func append(_ text: String) {
        held.append(contentsOf: text.utf8)
        if held.count >= memoryLimit && !holdsEverything { spill() }
    }

    /// Hands everything written, in order, to `output`, and closes the file.
    mutating func drain(_ output: (String) -> Void) {
        if descriptor >= 0 {
            var chunk = [UInt8](repeating: 0, count: Self.drainChunk)
            var offset = 0
            while offset < spilledCount {
                let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
                if count < 0 && errno == EINTR { continue }
                // The file is this process's own, unlinked: failing to read it back is a broken system.
                guard count > 0 else { fatalError("migrate-scan: cannot read back the report's temporary file (errno \(errno))") }
                output(String(decoding: chunk[..<count], as: UTF8.self))
                offset += count
            }
            close(descriptor)
            descriptor = -1
            spilledCount = 0
        }
        if !held.isEmpty { output(String(decoding: held, as: UTF8.self)) }
        held = []
    }

    /// Moves `held` to the end of the file, making it on first use; on failure keeps `held`
    /// (and cuts the file back to what was whole before) and holds everything from then on.
    private mutating func spill() {
        if descriptor < 0 {
            guard let file = Self.makeUnlinkedFile() else {
                holdsEverything = true
                return
            }
            descriptor = file
        }
        let written = held.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(spilledCount + written))
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return -1 }
                written += result
            }
            return written
        }
        guard written == held.count else {
            _ = ftruncate(descriptor, off_t(spilledCount))
            holdsEverything = true
            return
        }
        spilledCount += written
        held.removeAll(keepingCapacity: true)
    }

    /// A new file in `$TMPDIR` (or /tmp), unlinked at once: it goes with its descriptor.
    private static func makeUnlinkedFile() -> Int32? {
        let directory = ProcessEnvironment.value(of: "TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/migrate-scan-spool.XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return file
    }
}
