/// Finds the next byte that can change a lexer's state, eight bytes at a time.
///
/// Inside a comment or a string only a few bytes matter (its closing delimiter, a backslash,
/// a line break), and between tokens runs of spaces; a byte-at-a-time loop spent most of the
/// lexers' time there. Each 8-byte word is tested against every wanted byte at once (SWAR:
/// a zero-byte test of the word XOR the byte repeated), and the lowest flagged byte is the first
/// match: the test can flag a byte that is not a match only above one that is.
enum ByteSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let spaces: UInt64 = 0x2020_2020_2020_2020

    /// The high bit of each byte of `word` that equals `repeated`'s bytes (exact for the lowest one).
    @inline(__always)
    private static func equalBytes(_ word: UInt64, _ repeated: UInt64) -> UInt64 {
        let difference = word ^ repeated
        return (difference &- ones) & ~difference & highBits
    }

    /// The first index at or after `start` whose byte is `a`, `b`, `c` or `d`, or `bytes.count`.
    @inline(__always)
    static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int {
        var index = start
        let count = bytes.count
        let (repeatedA, repeatedB) = (UInt64(a) &* ones, UInt64(b) &* ones)
        let (repeatedC, repeatedD) = (UInt64(c) &* ones, UInt64(d) &* ones)
        while index + 8 <= count {
            let word = EightBytes.load(bytes, at: index)
            let found = equalBytes(word, repeatedA) | equalBytes(word, repeatedB)
                | equalBytes(word, repeatedC) | equalBytes(word, repeatedD)
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == a || byte == b || byte == c || byte == d { return index }
            index += 1
        }
        return count
    }

    /// The first index at or after `start` whose byte is not a space, or `bytes.count`.
    @inline(__always)
    static func firstNonSpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            let difference = EightBytes.load(bytes, at: index) ^ spaces
            if difference != 0 { return index + difference.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count && bytes[index] == 0x20 { index += 1 }
        return index
    }

    /// The first index at or after `start` whose byte cannot continue an identifier
    /// (`ByteClass.isIdentifierContinue`), or `bytes.count`. Identifiers are most of code's bytes,
    /// so they are read eight at a time, not a byte at a time hashing as they go.
    @inline(__always)
    static func identifierEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            let stops = nonIdentifierBytes(EightBytes.load(bytes, at: index))
            if stops != 0 { return index + stops.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count && ByteClass.isIdentifierContinue(bytes[index]) { index += 1 }
        return index
    }

    /// The high bit of each byte of `word` that cannot continue an identifier: not a letter, a
    /// digit, `_`, `$` or a byte from 0x80. Exact for every byte: the range tests work on the low
    /// seven bits, where adding to a byte never carries into the next.
    @inline(__always)
    static func nonIdentifierBytes(_ word: UInt64) -> UInt64 {
        let sevenBits = word & ~highBits
        let folded = sevenBits | spaces  // ASCII capitals made small, for the letter test
        let letters = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B)
        let digits = atLeast(sevenBits, 0x30) & ~atLeast(sevenBits, 0x3A)
        let continuing = (word & highBits) | letters | digits | sevenBitsEqual(sevenBits, 0x5F) | sevenBitsEqual(sevenBits, 0x24)
        return ~continuing & highBits
    }

    /// The high bit of each byte of `sevenBits` (high bits clear) that is at least `bound` (at most 0x80).
    @inline(__always)
    private static func atLeast(_ sevenBits: UInt64, _ bound: UInt8) -> UInt64 {
        (sevenBits &+ UInt64(0x80 - bound) &* ones) & highBits
    }

    /// The high bit of each byte of `sevenBits` (high bits clear) that equals `byte` (below 0x80).
    @inline(__always)
    private static func sevenBitsEqual(_ sevenBits: UInt64, _ byte: UInt8) -> UInt64 {
        ~((sevenBits ^ UInt64(byte) &* ones) &+ ~highBits) & highBits
    }

    /// The index of the first eight-byte word of `bytes` holding a byte JSON must escape (a
    /// control character, `"`, `\` or DEL), or of the tail shorter than a word: every byte before
    /// it needs no escape; from it on, each must be tested.
    static func firstJSONEscapeCandidate(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let (quotes, backslashes, deletes) = (UInt64(0x22) &* ones, UInt64(0x5C) &* ones, UInt64(0x7F) &* ones)
        let controlBound = 0x20 &* ones
        var index = 0
        while index + 8 <= bytes.count {
            let word = EightBytes.load(bytes, at: index)
            // Below 0x20: the borrow of `word - 0x20…` sets the high bit of such a byte (exact for the
            // lowest one, as for the equality tests); bytes from 0x80 have their own high bit set in
            // `word`, which `~word` clears.
            let control = (word &- controlBound) & ~word & highBits
            if control | equalBytes(word, quotes) | equalBytes(word, backslashes) | equalBytes(word, deletes) != 0 {
                return index
            }
            index += 8
        }
        return index
    }
}
