import Foundation

/// The deterministic body bytes: byte i of a body is UInt8(i % 251). 251 is prime, so a
/// misplaced or repeated block of any power-of-two size shows up as a mismatch.
enum BytePattern {
    static let period = 251
    /// The largest slice `withBytes` hands out; also the streaming block size.
    static let blockSize = 64 * 1024

    /// Enough of the pattern that a block of up to `blockSize` bytes starting at any offset is one
    /// contiguous slice of it.
    private static let table: [UInt8] = (0..<(blockSize + period)).map { UInt8($0 % period) }

    /// Calls `body` with the `count` (at most `blockSize`) pattern bytes starting at `offset`.
    static func withBytes<Result>(offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        precondition(count >= 0 && count <= blockSize)
        let start = offset % period
        return table.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + count])) }
    }

    static func bytes(offset: Int, count: Int) -> Data {
        var data = Data(capacity: count)
        var produced = 0
        while produced < count {
            let length = min(blockSize, count - produced)
            withBytes(offset: offset + produced, count: length) { data.append(contentsOf: $0) }
            produced += length
        }
        return data
    }

    /// The index (relative to `data`) of the first byte that differs from the pattern, if any.
    static func firstMismatch(in data: Data, offset: Int) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var checked = 0
            while checked < bytes.count {
                let length = min(blockSize, bytes.count - checked)
                let block = UnsafeRawBufferPointer(rebasing: bytes[checked..<checked + length])
                let equal = withBytes(offset: offset + checked, count: length) { expected in
                    memcmp(expected.baseAddress!, block.baseAddress!, length) == 0
                }
                if !equal {
                    for index in 0..<length where block[index] != UInt8((offset + checked + index) % period) {
                        return checked + index
                    }
                }
                checked += length
            }
            return nil
        }
    }
}
