/// Decides from raw bytes, before lexing, whether a file can contain any of a set of names.
///
/// Most files in a large codebase mention no legacy name at all; for them this is the whole
/// scan. It tests one 4-byte window every `stride` bytes against a 64 Kbit bitmap holding
/// every window of every name at offsets `0..<stride`, so each occurrence of a name covers
/// a tested position; a bitmap hit is verified against the names themselves. Matching is
/// on bytes, not tokens, so it can only err towards lexing a file needlessly.
///
/// The scan reads its tables through raw pointers: windows of names such as "data", "http" or
/// "Init" occur all over real code, and a hit that retained an array (a dictionary lookup, a
/// slice) made the workers of a parallel scan contend for the same reference counts.
struct NamePrefilter: Sendable {
    private struct Candidate: Sendable {
        var window: UInt32
        /// Where the name starts in `nameBytes`, its length, and the window's offset in it.
        var nameStart: Int32
        var nameLength: Int32
        var offset: Int32
    }

    private let hasShortName: Bool
    private let stride: Int
    private let bitmap: [UInt64]
    /// The candidates whose window sets bit `b` are `candidates[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private let bucketStarts: [Int32]
    private let candidates: [Candidate]
    /// Every name, end to end.
    private let nameBytes: [UInt8]

    init(names spellings: [String]) {
        let names = Array(Set(spellings)).sorted().map { Array($0.utf8) }
        hasShortName = names.contains { $0.count < 4 }
        // As far apart as the shortest name allows: every name has a window at each offset below
        // the stride, so a long name alone (the suppression marker) is found testing a tenth of
        // the windows.
        stride = max(1, (names.map(\.count).min() ?? 4) - 3)
        var bitmap = [UInt64](repeating: 0, count: 1024)
        var placed: [(bit: Int, candidate: Candidate)] = []
        var nameBytes: [UInt8] = []
        for name in names where name.count >= 4 {
            for offset in 0..<stride {
                let window = Self.window(name, at: offset)
                let bit = Self.bit(window)
                bitmap[bit >> 6] |= 1 << UInt64(bit & 63)
                let candidate = Candidate(
                    window: window, nameStart: Int32(nameBytes.count), nameLength: Int32(name.count), offset: Int32(offset))
                placed.append((bit, candidate))
            }
            nameBytes += name
        }
        placed.sort { $0.bit < $1.bit }
        var bucketStarts = [Int32](repeating: 0, count: 65_537)
        var next = 0
        for bit in 0...65_536 {
            bucketStarts[bit] = Int32(next)
            while next < placed.count && placed[next].bit == bit { next += 1 }
        }
        self.bitmap = bitmap
        self.bucketStarts = bucketStarts
        candidates = placed.map(\.candidate)
        self.nameBytes = nameBytes
    }

    private static func window(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    @inline(__always)
    private static func bit(_ window: UInt32) -> Int {
        Int((window &* 0x9E37_79B1) >> 16)
    }

    /// False only when no name occurs anywhere in `bytes`.
    func mayMatch(_ bytes: [UInt8]) -> Bool {
        if hasShortName { return true }
        return bytes.withUnsafeBytes { raw in
            bitmap.withUnsafeBufferPointer { bitmap in
                bucketStarts.withUnsafeBufferPointer { bucketStarts in
                    candidates.withUnsafeBufferPointer { candidates in
                        nameBytes.withUnsafeBufferPointer { nameBytes in
                            let count = raw.count
                            var position = 0
                            while position + 4 <= count {
                                let window = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
                                let bit = Self.bit(window)
                                if bitmap[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                                    for candidate in candidates[Int(bucketStarts[bit])..<Int(bucketStarts[bit + 1])]
                                    where candidate.window == window
                                        && Self.nameOccurs(candidate, at: position, in: raw, nameBytes: nameBytes)
                                    {
                                        return true
                                    }
                                }
                                position += stride
                            }
                            return false
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func nameOccurs(
        _ candidate: Candidate, at position: Int, in raw: UnsafeRawBufferPointer, nameBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let start = position - Int(candidate.offset)
        let length = Int(candidate.nameLength)
        guard start >= 0 && start + length <= raw.count else { return false }
        let name = Int(candidate.nameStart)
        var index = 0
        while index < length && raw[start + index] == nameBytes[name + index] { index += 1 }
        return index == length
    }
}
