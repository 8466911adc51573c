/// Collects tokens and keeps line and column numbers as the lexer walks the bytes.
///
/// Columns are counted lazily: a cursor on the current line advances to each token's
/// start, counting Unicode scalars, so every byte is counted at most once per line and a
/// 50 MB single-line file stays linear. A scan leaves even that to the few tokens that get a
/// finding (`countsColumns` false): it records where each line starts, and every token's
/// column is 0 until `TokenStream.column(_:)` counts it.
struct TokenRecorder {
    let bytes: UnsafeBufferPointer<UInt8>
    let language: SourceLanguage
    /// When false, comments and preprocessor lines are dropped: rules never look at them.
    let keepsTrivia: Bool
    let countsColumns: Bool
    /// The words seen and, without `countsColumns`, where each line starts.
    private(set) var summary = LexingSummary()
    private var tokens: TokenBuffer
    private(set) var line: Int32 = 1
    private var columnCursor: Int
    private var columnAtCursor: Int32 = 1
    private var pendingContinuations: UInt8 = 0
    /// Set by the Objective-C lexer while inside `#if 0`.
    var isInactive = false
    private let wordTable = WordTable.shared

    /// Records into `storage`, which must hold at least one token per byte of `bytes`.
    init(
        bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage, keepsTrivia: Bool, countsColumns: Bool,
        firstLineStart: Int, storage: UnsafeMutableBufferPointer<Token>
    ) {
        self.bytes = bytes
        self.language = language
        self.keepsTrivia = keepsTrivia
        self.countsColumns = countsColumns
        if !countsColumns { summary.lineStarts = [Int32(firstLineStart)] }
        columnCursor = firstLineStart
        tokens = TokenBuffer(storage: storage)
    }

    /// How many tokens were recorded, at the start of the storage.
    var count: Int { tokens.count }

    /// Call with the offset of every line feed (or lone carriage return) the lexer passes.
    @inline(__always)
    mutating func newLine(after offset: Int) {
        line += 1
        if !countsColumns {
            summary.lineStarts.append(Int32(offset + 1))
            // Without a branch: bit 0 is set in a carriage return (0x0D), clear in a line feed (0x0A).
            summary.carriageReturnEndsALine |= bytes[offset] & 1
            return
        }
        columnCursor = offset + 1
        columnAtCursor = 1
        pendingContinuations = 0
    }

    /// The line and column of `offset`, which must be on the current line and not before
    /// the previous call's offset.
    @inline(__always)
    mutating func position(of offset: Int) -> (line: Int32, column: Int32) {
        if !countsColumns { return (line, 0) }
        var cursor = columnCursor
        var column = columnAtCursor
        var pending = pendingContinuations
        // Eight ASCII bytes at a time, each one column: counted a byte at a time, columns would
        // cost as much as the rest of lexing, mostly over indentation and identifiers.
        if pending == 0, let base = bytes.baseAddress {
            while offset - cursor >= 8 {
                let eight = EightBytes.load(base + cursor)
                if eight & 0x8080_8080_8080_8080 != 0 { break }
                column += 8
                cursor += 8
            }
            // Tokens are mostly a few bytes apart, so most bytes are in this last stretch: its
            // bytes as one word, masked to the stretch, when the word lies inside the buffer.
            let remaining = offset - cursor
            if remaining > 0 && remaining < 8 && cursor + 8 <= bytes.count {
                let eight = EightBytes.load(base + cursor) & EightBytes.firstBytesMask(remaining)
                if eight & 0x8080_8080_8080_8080 == 0 {
                    column += Int32(remaining)
                    cursor = offset
                }
            }
        }
        while cursor < offset {
            ByteClass.advanceColumn(over: bytes[cursor], column: &column, pending: &pending)
            cursor += 1
        }
        // A token that starts inside a broken sequence starts a column of its own.
        if pending > 0 && cursor < bytes.count && bytes[cursor] & 0xC0 == 0x80 {
            pending = 0
        }
        columnCursor = cursor
        columnAtCursor = column
        pendingContinuations = pending
        return (line, column)
    }

    @inline(__always)
    mutating func append(_ kind: TokenKind, _ start: Int, _ end: Int, at position: (line: Int32, column: Int32)) {
        if !keepsTrivia && (kind == .comment || kind == .docComment || kind == .preprocessor) { return }
        var kind = kind
        var word: Word?
        if kind == .identifier || kind == .directive {
            let nameStart = kind == .directive ? start + 1 : start
            if let found = wordTable.lookUp(bytes, nameStart, end, language: language) {
                word = found.word
                if found.isKeyword && kind == .identifier { kind = .keyword }
            }
        }
        if let word { note(word, kind: kind) }
        tokens.append(Token(
            start: Int32(start), end: Int32(end), line: position.line, column: position.column,
            kind: kind, word: word, isInactive: isInactive, firstByte: bytes[start]))
    }

    /// Appends an identifier (or keyword).
    @inline(__always)
    mutating func appendIdentifier(_ start: Int, _ end: Int) {
        let position = position(of: start)
        // Both lexers start every token that begins with a byte ≥ 0x80 here, so only here can a
        // token start inside a UTF-8 sequence, where counting from the line's start could differ
        // from counting while lexing (see `position(of:)`). Without a branch: bit 7 set, bit 6 clear.
        let first = bytes[start]
        summary.continuationByteStartsToken |= first & ~(first << 1) & 0x80
        var kind = TokenKind.identifier
        var word: Word?
        if let found = wordTable.lookUp(bytes, start, end, language: language) {
            word = found.word
            if found.isKeyword { kind = .keyword }
        }
        if let word { note(word, kind: kind) }
        tokens.append(Token(
            start: Int32(start), end: Int32(end), line: position.line, column: position.column,
            kind: kind, word: word, isInactive: isInactive, firstByte: first))
    }

    /// Appends one byte of punctuation.
    @inline(__always)
    mutating func appendPunctuation(_ start: Int) {
        let position = position(of: start)
        tokens.append(Token(
            start: Int32(start), end: Int32(start + 1), line: position.line, column: position.column,
            kind: .punctuation, word: nil, isInactive: isInactive, firstByte: bytes[start]))
    }

    /// Appends a token that starts and ends on the current line.
    @inline(__always)
    mutating func append(_ kind: TokenKind, _ start: Int, _ end: Int) {
        append(kind, start, end, at: position(of: start))
    }

    mutating func appendIdentifier(_ start: Int, _ end: Int, nameStart: Int, nameEnd: Int) {
        let position = position(of: start)
        var word: Word?
        if let found = wordTable.lookUp(bytes, nameStart, nameEnd, language: language) { word = found.word }
        if let word { note(word, kind: .identifier) }
        tokens.append(Token(
            start: Int32(start), end: Int32(end), line: position.line, column: position.column,
            kind: .identifier, word: word, isInactive: isInactive, firstByte: bytes[start]))
    }

    /// Records a known word about to be appended as the next token.
    @inline(__always)
    private mutating func note(_ word: Word, kind: TokenKind) {
        summary.presentWords.insert(word)
        if kind == .identifier { summary.wordTokens.append(Int32(tokens.count)) }
    }
}
