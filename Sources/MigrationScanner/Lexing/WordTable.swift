/// Finds the `Word` spelled by a run of bytes, with one hash and at most a few probes.
///
/// Open addressing over FNV-1a; built once. Lexers call it for every identifier, so it
/// must not allocate: it reads the bytes in place and compares them with the stored spelling.
struct WordTable: Sendable {
    static let shared = WordTable()

    /// Every spelling, end to end; entry `i` is `spellings[offsets[i]..<offsets[i + 1]]`.
    private var spellings: [UInt8] = []
    private var offsets: [Int32] = [0]
    private var words: [Word] = []
    private var swiftKeywordFlags: [Bool] = []
    private var objectiveCKeywordFlags: [Bool] = []
    /// Entry index + 1; 0 marks an empty slot.
    private var slots: [Int32]
    private let mask: Int
    let maximumLength: Int

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

    init() {
        var capacity = 1
        while capacity < Word.allCases.count * 4 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        var longest = 0
        for word in Word.allCases {
            let bytes = Array(word.spelling.utf8)
            longest = max(longest, bytes.count)
            spellings.append(contentsOf: bytes)
            offsets.append(Int32(spellings.count))
            words.append(word)
            swiftKeywordFlags.append(Self.swiftKeywords.contains(word))
            objectiveCKeywordFlags.append(Self.objectiveCKeywords.contains(word))
            var slot = bytes.withUnsafeBufferPointer { Self.hash($0, 0, $0.count) } & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(words.count)
        }
        maximumLength = longest
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        var index = start
        while index < end {
            hash = (hash ^ UInt32(bytes[index])) &* 16_777_619
            index += 1
        }
        return Int(hash)
    }

    /// The word spelled by `bytes[start..<end]` and whether `language` reserves it.
    @inline(__always)
    func lookUp(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, language: SourceLanguage
    ) -> (word: Word, isKeyword: Bool)? {
        let length = end - start
        if length <= 0 || length > maximumLength { return nil }
        var slot = Self.hash(bytes, start, end) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            let entry = stored - 1
            let from = Int(offsets[entry])
            if Int(offsets[entry + 1]) - from == length && matches(from, bytes, start, length) {
                let isKeyword = language == .swift ? swiftKeywordFlags[entry] : objectiveCKeywordFlags[entry]
                return (words[entry], isKeyword)
            }
            slot = (slot + 1) & mask
        }
    }

    private func matches(_ from: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Bool {
        var index = 0
        while index < length {
            if spellings[from + index] != bytes[start + index] { return false }
            index += 1
        }
        return true
    }
}
