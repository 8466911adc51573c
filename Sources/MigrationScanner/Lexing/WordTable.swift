/// Finds the `Word` spelled by a run of bytes, with one hash and at most a few probes.
///
/// Open addressing over a hash of the spelling's ends (`hash`); built once. Lexers call it for
/// every identifier, so it reads the bytes in place and its own tables through raw pointers: no
/// allocation, no reference counting, no bounds checks on the hot path.
final class WordTable: @unchecked Sendable {
    // @unchecked: every pointer is written once in `init` and only read afterwards.

    static let shared = WordTable()

    /// Every spelling, end to end; entry `i` is `spellings[offsets[i]..<offsets[i + 1]]`.
    private let spellings: UnsafeMutablePointer<UInt8>
    private let offsets: UnsafeMutablePointer<Int32>
    private let words: UnsafeMutablePointer<Word>
    /// Bit 0: Swift keyword; bit 1: Objective-C keyword.
    private let keywordFlags: UnsafeMutablePointer<UInt8>
    /// Entry index + 1; 0 marks an empty slot.
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    let maximumLength: Int
    /// For each length up to `maximumLength`, bit `b & 63` is set for the first byte `b` of every
    /// word of that length: most identifiers are no word, and this test rules out most of them
    /// before they are hashed.
    private let firstBytesByLength: UnsafeMutablePointer<UInt64>

    private static let swiftKeywords: Set<Word> = [
        .class, .struct, .enum, .extension, .protocol, .func, .`init`, .deinit, .subscript, .var, .let,
        .where, .import, .return, .if, .else, .guard, .for, .while, .in, .do, .switch, .case, .default,
        .break, .continue, .throw, .throws, .rethrows, .try, .catch, .defer, .repeat, .static, .public,
        .private, .fileprivate, .internal, .typealias, .as, .is, .associatedtype, .operator, .inout,
        .nil, .true, .false, .self, .Self, .super,
    ]
    private static let objectiveCKeywords: Set<Word> = [
        .if, .else, .for, .while, .do, .switch, .case, .default, .break, .continue, .return, .goto,
        .typedef, .struct, .enum, .union, .static, .extern, .const, .volatile, .inline, .register,
        .void, .int, .char, .unsigned, .signed, .long, .short, .float, .double, .sizeof, .auto,
        .self, .super, .nil,
    ]

    private init() {
        let all = Word.allCases
        var capacity = 1
        while capacity < all.count * 4 { capacity <<= 1 }
        mask = capacity - 1
        let spellingBytes = all.map { Array($0.spelling.utf8) }
        let totalLength = spellingBytes.reduce(0) { $0 + $1.count }
        // Padded so `matches` may read a word's last bytes as one eight-byte load.
        spellings = .allocate(capacity: totalLength + 8)
        spellings.initialize(repeating: 0, count: totalLength + 8)
        offsets = .allocate(capacity: all.count + 1)
        words = .allocate(capacity: all.count)
        keywordFlags = .allocate(capacity: all.count)
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        var offset = 0
        var longest = 0
        for (index, word) in all.enumerated() {
            let bytes = spellingBytes[index]
            offsets[index] = Int32(offset)
            for byte in bytes {
                spellings[offset] = byte
                offset += 1
            }
            longest = max(longest, bytes.count)
            (words + index).initialize(to: word)
            keywordFlags[index] = (Self.swiftKeywords.contains(word) ? 1 : 0) | (Self.objectiveCKeywords.contains(word) ? 2 : 0)
            var slot = Int(bytes.withUnsafeBufferPointer { Self.hash($0, 0, $0.count) }) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
        offsets[all.count] = Int32(offset)
        maximumLength = longest
        firstBytesByLength = .allocate(capacity: longest + 1)
        firstBytesByLength.initialize(repeating: 0, count: longest + 1)
        for bytes in spellingBytes { firstBytesByLength[bytes.count] |= 1 << UInt64(bytes[0] & 63) }
    }

    /// A hash of `bytes[start..<end]` from its first and last eight bytes and its length, two loads
    /// and three multiplications whatever the length: every identifier is hashed, and FNV-1a's
    /// multiplication per byte chained the hash to the lexer's loop over the identifier's bytes.
    /// Words that share their ends and length share a slot chain, which the byte comparison sorts out.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        let length = end - start
        var first: UInt64 = 0
        var last: UInt64 = 0
        if let base = bytes.baseAddress, length >= 8 {
            first = EightBytes.load(base + start)
            last = EightBytes.load(base + end - 8)
        } else if let base = bytes.baseAddress, start + 8 <= bytes.count {
            first = EightBytes.load(base + start) & EightBytes.firstBytesMask(length)
        } else {
            for index in 0..<length { first |= UInt64(bytes[start + index]) << UInt64(8 * index) }
        }
        let mixed = first &* 0x9E37_79B9_7F4A_7C15 ^ last &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(length) &* 0x1656_67B1_9E37_79F9
        return UInt32(truncatingIfNeeded: mixed >> 32)
    }

    /// The word spelled by `bytes[start..<end]` and whether `language` reserves it.
    @inline(__always)
    func lookUp(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, language: SourceLanguage
    ) -> (word: Word, isKeyword: Bool)? {
        let length = end - start
        guard length > 0, length <= maximumLength, (firstBytesByLength[length] >> UInt64(bytes[start] & 63)) & 1 != 0
        else { return nil }
        return probe(bytes, start, end, language: language)
    }

    /// `lookUp` past its first test, out of line: inlined into the lexers' loops, it makes them
    /// larger and a scan slower.
    @inline(never)
    private func probe(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, language: SourceLanguage
    ) -> (word: Word, isKeyword: Bool)? {
        let length = end - start
        var slot = Int(Self.hash(bytes, start, end)) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let entry = stored - 1
            let from = Int(offsets[entry])
            if Int(offsets[entry + 1]) - from == length && matches(from, bytes, start, length) {
                let flag: UInt8 = language == .swift ? 1 : 2
                return (words[entry], keywordFlags[entry] & flag != 0)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Eight bytes at a time, the last up to seven as one load masked to them where the buffer has
    /// eight bytes left: every identifier that hashes to a word's slot is compared, most of them
    /// keywords, so the comparison is on the lexers' hot path.
    @inline(__always)
    private func matches(_ from: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        guard let base = bytes.baseAddress else { return length == 0 }
        var index = 0
        while length - index >= 8 {
            if EightBytes.load(spellings + from + index) != EightBytes.load(base + start + index) { return false }
            index += 8
        }
        let remaining = length - index
        if remaining > 0 && start + index + 8 <= bytes.count {
            let differing = EightBytes.load(spellings + from + index) ^ EightBytes.load(base + start + index)
            return differing & EightBytes.firstBytesMask(remaining) == 0
        }
        while index < length {
            if spellings[from + index] != bytes[start + index] { return false }
            index += 1
        }
        return true
    }
}
