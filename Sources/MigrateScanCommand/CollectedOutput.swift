import MigrationScanner

/// Standard output held in memory, bytes as they are, so `--fix` and `--diff` can write it to
/// their `--output` file in one piece once they are done.
struct CollectedOutput: ByteOutputStream {
    /// Everything written so far.
    private(set) var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func write(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }
}
