/// A set of `Word`s as a bit set: which known names a file mentions, so a rule whose
/// names are absent is not run at all.
struct WordSet: Sendable, Equatable {
    private var bits: [UInt64]

    init() {
        bits = Array(repeating: 0, count: (Word.allCases.count + 63) / 64)
    }

    init(_ words: [Word]) {
        self.init()
        for word in words { insert(word) }
    }

    @inline(__always)
    mutating func insert(_ word: Word) {
        let ordinal = word.ordinal
        bits[ordinal >> 6] |= 1 << UInt64(ordinal & 63)
    }

    func contains(_ word: Word) -> Bool {
        let ordinal = word.ordinal
        return bits[ordinal >> 6] & (1 << UInt64(ordinal & 63)) != 0
    }

    func intersects(_ other: WordSet) -> Bool {
        zip(bits, other.bits).contains { $0 & $1 != 0 }
    }
}
