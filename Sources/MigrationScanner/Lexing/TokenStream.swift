/// A file's bytes and its code tokens (comments and preprocessor lines removed), with the
/// small vocabulary rules and structure use to look at tokens without building strings.
struct TokenStream: Sendable {
    let bytes: [UInt8]
    let tokens: [Token]
    let language: SourceLanguage
    /// Every known word that occurs in the file's code.
    let presentWords: WordSet
    /// Indices of the identifier tokens that are known words, so rules looking for a name
    /// visit these instead of every token.
    let wordTokens: [Int32]
    /// Where each line starts, when the tokens' columns are left to `column(_:)`; nil when the
    /// lexer counted them.
    private let lineStarts: [Int32]?
    /// Whether a lone carriage return ended one of those lines.
    private let carriageReturnEndsALine: Bool

    init(bytes: [UInt8], language: SourceLanguage) {
        self.bytes = bytes
        self.language = language
        // Columns are counted for the tokens that get a finding, not for every token: counting
        // while lexing is a large share of the lexer's work, for columns no rule reads.
        var lexed = Self.codeTokens(in: bytes, language: language, countsColumns: false)
        if lexed.summary.continuationByteStartsToken != 0 {
            lexed = Self.codeTokens(in: bytes, language: language, countsColumns: true)
        }
        tokens = lexed.tokens
        presentWords = lexed.summary.presentWords
        wordTokens = lexed.summary.wordTokens
        lineStarts = lexed.summary.lineStarts.isEmpty ? nil : lexed.summary.lineStarts
        carriageReturnEndsALine = lexed.summary.carriageReturnEndsALine != 0
    }

    /// The offset where each line starts when lines end only at line feeds, as `SourceLineTable`
    /// counts them: the lexer's line starts, unless a lone carriage return ended one of its lines or
    /// it did not record them (nil). The first line starts at 0, before a byte order mark.
    var lineFeedLineStarts: [Int32]? {
        guard var starts = lineStarts, !carriageReturnEndsALine else { return nil }
        // Copied only for a file with a byte order mark.
        if starts[0] != 0 { starts[0] = 0 }
        return starts
    }

    private static func codeTokens(
        in bytes: [UInt8], language: SourceLanguage, countsColumns: Bool
    ) -> (tokens: [Token], summary: LexingSummary) {
        switch language {
        case .swift: SwiftLexer.codeTokens(in: bytes, countsColumns: countsColumns)
        case .objectiveC: ObjectiveCLexer.codeTokens(in: bytes, countsColumns: countsColumns)
        }
    }

    var count: Int { tokens.count }

    subscript(index: Int) -> Token { tokens[index] }

    /// The word of the token at `index`, or nil when out of range or not a known name.
    @inline(__always)
    func word(_ index: Int) -> Word? {
        index >= 0 && index < tokens.count ? tokens[index].word : nil
    }

    @inline(__always)
    func isWord(_ index: Int, _ word: Word) -> Bool {
        self.word(index) == word
    }

    /// True when the token at `index` is the one-byte punctuation `character`.
    @inline(__always)
    func isPunctuation(_ index: Int, _ character: Unicode.Scalar) -> Bool {
        guard index >= 0 && index < tokens.count else { return false }
        let token = tokens[index]
        return token.kind == .punctuation && token.firstByte == UInt8(ascii: character)
    }

    /// `=` that is an assignment, not part of `==`, `!=`, `<=`, `>=` or `===`.
    func isAssignment(_ index: Int) -> Bool {
        guard isPunctuation(index, "=") else { return false }
        if isPunctuation(index + 1, "=") && tokens[index + 1].start == tokens[index].end { return false }
        if index > 0 && tokens[index - 1].end == tokens[index].start {
            for character: Unicode.Scalar in ["=", "!", "<", ">", "+", "-", "*", "/", "|", "&", "^", "%"]
            where isPunctuation(index - 1, character) {
                return false
            }
        }
        return true
    }

    func isIdentifier(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier
    }

    /// True when the two tokens are spelled the same.
    func haveSameText(_ first: Int, _ second: Int) -> Bool {
        let a = tokens[first]
        let b = tokens[second]
        guard a.length == b.length else { return false }
        for offset in 0..<a.length where bytes[Int(a.start) + offset] != bytes[Int(b.start) + offset] { return false }
        return true
    }

    /// The token's source text; allocates, so only for messages and selectors. Empty past either
    /// end of the stream, as the other accessors answer false or nil there: a file may end anywhere.
    func text(_ index: Int) -> String {
        String(decoding: bytes[textRange(index)], as: UTF8.self)
    }

    /// True when `text(index)` is `literal`, compared as bytes without making the string.
    func hasText(_ index: Int, _ literal: StaticString) -> Bool {
        let range = textRange(index)
        return literal.withUTF8Buffer { literal in
            range.count == literal.count && literal.indices.allSatisfy { bytes[range.lowerBound + $0] == literal[$0] }
        }
    }

    /// Whether `text(index)` is `name`, a name a catalogue states, compared without making a string.
    func hasName(_ index: Int, _ name: String) -> Bool {
        let range = textRange(index)
        return range.count == name.utf8.count && name.utf8.elementsEqual(bytes[range])
    }

    /// The bytes of `text(index)`: the token's, without the backticks of an escaped identifier.
    private func textRange(_ index: Int) -> Range<Int> {
        guard index >= 0 && index < tokens.count else { return 0..<0 }
        let token = tokens[index]
        if token.kind == .identifier && token.firstByte == UInt8(ascii: "`") {
            return Int(token.start + 1)..<Int(token.end - 1)
        }
        return Int(token.start)..<Int(token.end)
    }

    /// True when the token's text, lowercased, contains `piece` (lowercase ASCII letters).
    ///
    /// Compares bytes, never through Foundation's search (a twentieth of a scan of code full of
    /// delegate methods): an ASCII token lowercased byte by byte, a token with other characters
    /// as `lowercasedForASCIISearch` gives it.
    func textContains(_ index: Int, lowercased piece: StaticString) -> Bool {
        let token = tokens[index]
        let range = Int(token.start)..<Int(token.end)
        guard !bytes[range].contains(where: { $0 >= 0x80 }) else {
            return Self.bytes(Self.lowercasedForASCIISearch(bytes[range]), contain: piece)
        }
        return Self.bytes(bytes[range].lazy.map(ByteClass.asciiLowercased), contain: piece)
    }

    /// The bytes of `text.lowercased()` as far as an ASCII piece can match them: ASCII lowercased,
    /// the Kelvin sign as the `k` it lowercases to, and 0x80 for each byte of any other character,
    /// which no ASCII byte matches (`İ` lowercases to `i` and a combining dot, one character that
    /// is not `i`). Lowercasing the whole text, and Foundation's search after it, took a second on
    /// a token of 100 KB of invalid bytes that a rule asked about twenty pieces. Unlike that search,
    /// a piece followed by a combining mark of its last letter still matches.
    private static func lowercasedForASCIISearch(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var lowered: [UInt8] = []
        lowered.reserveCapacity(text.count)
        var offset = text.startIndex
        while offset < text.endIndex {
            let byte = text[offset]
            if byte < 0x80 {
                lowered.append(ByteClass.asciiLowercased(byte))
            } else if byte == 0xE2, text.endIndex - offset >= 3, text[offset + 1] == 0x84, text[offset + 2] == 0xAA {
                lowered.append(UInt8(ascii: "k"))
                offset += 3
                continue
            } else {
                lowered.append(0x80)
            }
            offset += 1
        }
        return lowered
    }

    private static func bytes<Haystack: RandomAccessCollection<UInt8>>(_ haystack: Haystack, contain piece: StaticString) -> Bool {
        let length = piece.utf8CodeUnitCount
        guard haystack.count >= length else { return false }
        return piece.withUTF8Buffer { piece in
            (0...(haystack.count - length)).contains { offset in
                let start = haystack.index(haystack.startIndex, offsetBy: offset)
                return (0..<length).allSatisfy { haystack[haystack.index(start, offsetBy: $0)] == piece[$0] }
            }
        }
    }

    /// True when the identifier at `index` begins with `prefix` (e.g. `SecTrustEvaluate`).
    func hasPrefix(_ index: Int, _ prefix: StaticString) -> Bool {
        guard index >= 0 && index < tokens.count else { return false }
        let token = tokens[index]
        let length = prefix.utf8CodeUnitCount
        guard token.kind == .identifier && token.length >= length else { return false }
        let start = Int(token.start)
        return prefix.withUTF8Buffer { prefixBytes in
            for offset in 0..<length where bytes[start + offset] != prefixBytes[offset] { return false }
            return true
        }
    }

    /// The 1-based column of the token at `index`, in Unicode scalars.
    package func column(_ index: Int) -> Int {
        var cursor = LexingSummary.ColumnCursor()
        return column(index, cursor: &cursor)
    }

    /// `column(_:)`, reading on from `cursor` when the token is further along the same line: asked
    /// in token order, a line is read once however many of its tokens are asked about.
    package func column(_ index: Int, cursor: inout LexingSummary.ColumnCursor) -> Int {
        let token = tokens[index]
        guard let lineStarts else { return Int(token.column) }
        let lineStart = Int(lineStarts[Int(token.line) - 1])
        return Int(LexingSummary.column(of: Int(token.start), lineStart: lineStart, in: bytes, cursor: &cursor))
    }

    /// The column just past the token at `index`, whose column is `startColumn`, in Unicode scalars.
    func endColumn(_ index: Int, startColumn: Int) -> Int {
        let token = tokens[index]
        var column = Int32(startColumn)
        var pending: UInt8 = 0
        var offset = Int(token.start)
        let end = Int(token.end)
        while offset < end {
            let byte = bytes[offset]
            if byte == ByteClass.lineFeed || byte == ByteClass.carriageReturn { break }
            ByteClass.advanceColumn(over: byte, column: &column, pending: &pending)
            offset += 1
        }
        return Int(column)
    }
}
