/// Decides from raw bytes, before lexing, whether a file can contain any of a set of names.
///
/// Most files in a large codebase mention no legacy name at all; for them this is the whole
/// scan. It tests one 4-byte window every `stride` bytes against a 64 Kbit bitmap holding
/// every window of every name at offsets `0..<stride`, so each occurrence of a name covers
/// a tested position; a bitmap hit is verified against the names themselves. Matching is
/// on bytes, not tokens, so it can only err towards lexing a file needlessly.
struct NamePrefilter: Sendable {
    private struct Candidate: Sendable {
        var name: Int
        var offset: Int
    }

    private let names: [[UInt8]]
    private let stride: Int
    private let bitmap: [UInt64]
    private let candidates: [UInt32: [Candidate]]

    init(names spellings: [String]) {
        names = Array(Set(spellings)).sorted().map { Array($0.utf8) }
        let shortest = names.map(\.count).min() ?? 4
        stride = max(1, min(4, shortest - 3))
        var bitmap = [UInt64](repeating: 0, count: 1024)
        var candidates: [UInt32: [Candidate]] = [:]
        for (index, name) in names.enumerated() where name.count >= 4 {
            for offset in 0..<stride {
                let window = Self.window(name, at: offset)
                let bit = Self.bit(window)
                bitmap[bit >> 6] |= 1 << UInt64(bit & 63)
                candidates[window, default: []].append(Candidate(name: index, offset: offset))
            }
        }
        self.bitmap = bitmap
        self.candidates = candidates
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
        if names.contains(where: { $0.count < 4 }) { return true }
        return bytes.withUnsafeBytes { raw in
            bitmap.withUnsafeBufferPointer { bitmap in
                let count = raw.count
                var position = 0
                while position + 4 <= count {
                    let window = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
                    let bit = Self.bit(window)
                    if bitmap[bit >> 6] & (1 << UInt64(bit & 63)) != 0 && verify(window, at: position, in: raw) {
                        return true
                    }
                    position += stride
                }
                return false
            }
        }
    }

    private func verify(_ window: UInt32, at position: Int, in raw: UnsafeRawBufferPointer) -> Bool {
        guard let list = candidates[window] else { return false }
        for candidate in list {
            let name = names[candidate.name]
            let start = position - candidate.offset
            guard start >= 0 && start + name.count <= raw.count else { continue }
            var index = 0
            while index < name.count && raw[start + index] == name[index] { index += 1 }
            if index == name.count { return true }
        }
        return false
    }
}
