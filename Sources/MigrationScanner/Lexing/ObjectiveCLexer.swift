/// Lexes Objective-C (and C, C++, Objective-C++ headers) source bytes into tokens.
///
/// Preprocessor lines become one token each and drive a `ConditionalRegionTracker`, so
/// tokens inside `#if 0` are marked inactive rather than dropped: rules still see them and
/// report them as notes.
struct ObjectiveCLexer: SourceLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var recorder: TokenRecorder
    private var offset: Int
    private var regions = ConditionalRegionTracker()
    /// Only blanks and comments since the last line break: a `#` here starts a directive.
    private var isAtLineStart = true

    init(bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool, countsColumns: Bool, storage: UnsafeMutableBufferPointer<Token>) {
        self.bytes = bytes
        offset = ByteClass.byteOrderMarkLength(bytes)
        recorder = TokenRecorder(
            bytes: bytes, language: .objectiveC, keepsTrivia: keepsTrivia, countsColumns: countsColumns,
            firstLineStart: offset, storage: storage)
    }

    mutating func lex() -> Int {
        run()
        return recorder.count
    }

    var summary: LexingSummary { recorder.summary }

    /// A backslash before a line break joins the lines: returns the offset after the break, or
    /// nil when the backslash at `index` is not a line continuation.
    private mutating func skipLineContinuation(at index: Int) -> Int? {
        let length = lineBreakLength(at: index + 1)
        guard length > 0 else { return nil }
        passLineBreak(at: index + 1, length: length)
        return index + 1 + length
    }

    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// The length of a line break at `index` (LF, CRLF or a lone CR), or 0.
    @inline(__always)
    private func lineBreakLength(at index: Int) -> Int {
        let current = byte(index)
        if current == ByteClass.lineFeed { return 1 }
        if current == ByteClass.carriageReturn && index < bytes.count {
            return byte(index + 1) == ByteClass.lineFeed ? 2 : 1
        }
        return 0
    }

    /// Records the line break of `length` bytes at `index`.
    @inline(__always)
    private mutating func passLineBreak(at index: Int, length: Int) {
        recorder.newLine(after: index + length - 1)
    }

    private mutating func run() {
        let count = bytes.count
        while offset < count {
            let current = bytes[offset]
            switch current {
            case ByteClass.lineFeed, ByteClass.carriageReturn:
                let length = lineBreakLength(at: offset)
                passLineBreak(at: offset, length: length)
                offset += length
                isAtLineStart = true
            case 0x20:
                offset = ByteSearch.firstNonSpace(in: bytes, from: offset + 1)
            case 0x09, 0x0B, 0x0C, 0x00:
                offset += 1
            case UInt8(ascii: "\\"):
                if let next = skipLineContinuation(at: offset) {
                    offset = next
                } else {
                    punctuation()
                }
            case UInt8(ascii: "/"):
                let next = byte(offset + 1)
                if next == UInt8(ascii: "/") {
                    lexLineComment()
                } else if next == UInt8(ascii: "*") {
                    lexBlockComment()
                } else {
                    punctuation()
                }
            case UInt8(ascii: "#") where isAtLineStart:
                lexDirective()
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                lexQuoted(tokenStart: offset, quote: offset)
            case UInt8(ascii: "@"):
                let next = byte(offset + 1)
                if next == UInt8(ascii: "\"") && offset + 1 < count {
                    lexQuoted(tokenStart: offset, quote: offset + 1)
                } else if ByteClass.isIdentifierStart(next) && offset + 1 < count {
                    let start = offset
                    offset += 2
                    while offset < count && ByteClass.isIdentifierContinue(bytes[offset]) { offset += 1 }
                    emit(.directive, start, offset)
                } else {
                    punctuation()
                }
            case UInt8(ascii: "."):
                if ByteClass.isDigit(byte(offset + 1)) && offset + 1 < count { lexNumber() } else { punctuation() }
            default:
                if ByteClass.isDigit(current) {
                    lexNumber()
                } else if ByteClass.isIdentifierStart(current) {
                    lexIdentifier()
                } else {
                    punctuation()
                }
            }
        }
    }

    @inline(__always)
    private mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int) {
        recorder.append(kind, start, end)
        isAtLineStart = false
    }

    @inline(__always)
    private mutating func punctuation() {
        recorder.appendPunctuation(offset)
        isAtLineStart = false
        offset += 1
    }

    @inline(__always)
    private mutating func lexIdentifier() {
        let start = offset
        offset = ByteSearch.identifierEnd(in: bytes, from: offset + 1)
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "\"") && isRawStringPrefix(start, offset) {
            lexRawString(tokenStart: start, quote: offset)
            return
        }
        recorder.appendIdentifier(start, offset)
        isAtLineStart = false
    }

    /// `R`, `LR`, `uR`, `UR`, `u8R`: the prefixes of a C++11 raw string in Objective-C++.
    private func isRawStringPrefix(_ start: Int, _ end: Int) -> Bool {
        guard bytes[end - 1] == UInt8(ascii: "R") else { return false }
        switch end - start {
        case 1: return true
        case 2: return [UInt8(ascii: "L"), UInt8(ascii: "u"), UInt8(ascii: "U")].contains(bytes[start])
        case 3: return bytes[start] == UInt8(ascii: "u") && bytes[start + 1] == UInt8(ascii: "8")
        default: return false
        }
    }

    /// `R"delimiter( … )delimiter"`: no escapes, may span lines.
    private mutating func lexRawString(tokenStart: Int, quote: Int) {
        var open = quote + 1
        while open < bytes.count && open - quote <= 17 {
            let current = bytes[open]
            if current == UInt8(ascii: "(") { break }
            if current == UInt8(ascii: ")") || current == UInt8(ascii: "\\") || current <= 0x20 { open = bytes.count }
            else { open += 1 }
        }
        guard open < bytes.count && bytes[open] == UInt8(ascii: "(") else {
            emit(.identifier, tokenStart, quote)
            return
        }
        let position = recorder.position(of: tokenStart)
        let delimiter = (quote + 1)..<open
        var index = open + 1
        let count = bytes.count
        search: while index < count {
            if bytes[index] == UInt8(ascii: ")") {
                var matched = 0
                while matched < delimiter.count && byte(index + 1 + matched) == bytes[delimiter.lowerBound + matched]
                    && index + 1 + matched < count {
                    matched += 1
                }
                if matched == delimiter.count && byte(index + 1 + matched) == UInt8(ascii: "\"")
                    && index + 1 + matched < count {
                    index += 2 + matched
                    break search
                }
            }
            let length = lineBreakLength(at: index)
            if length > 0 {
                passLineBreak(at: index, length: length)
                index += length
            } else {
                index += 1
            }
        }
        offset = min(index, count)
        recorder.append(.string, tokenStart, offset, at: position)
        isAtLineStart = false
    }

    /// A C string, `@"…"` or character literal; an unescaped line break ends it unterminated.
    private mutating func lexQuoted(tokenStart: Int, quote: Int) {
        let position = recorder.position(of: tokenStart)
        let closing = bytes[quote]
        var index = quote + 1
        let count = bytes.count
        while index < count {
            index = ByteSearch.firstIndex(
                of: closing, UInt8(ascii: "\\"), ByteClass.lineFeed, ByteClass.carriageReturn, in: bytes, from: index)
            guard index < count else { break }
            let current = bytes[index]
            if current == closing {
                index += 1
                break
            }
            if current == UInt8(ascii: "\\") {
                let length = lineBreakLength(at: index + 1)
                if length > 0 {
                    passLineBreak(at: index + 1, length: length)
                    index += 1 + length
                } else {
                    index = min(index + 2, count)
                }
                continue
            }
            if current == ByteClass.lineFeed || current == ByteClass.carriageReturn { break }
            index += 1
        }
        offset = index
        recorder.append(.string, tokenStart, offset, at: position)
        isAtLineStart = false
    }

    /// A `//` comment; a backslash before the line break continues it, as in C.
    private mutating func lexLineComment() {
        let start = offset
        let position = recorder.position(of: start)
        let third = byte(offset + 2)
        let isDoc = (third == UInt8(ascii: "/") && byte(offset + 3) != UInt8(ascii: "/")) || third == UInt8(ascii: "!")
        var index = offset + 2
        let count = bytes.count
        while index < count {
            index = ByteSearch.firstIndex(
                of: UInt8(ascii: "\\"), ByteClass.lineFeed, ByteClass.carriageReturn, ByteClass.lineFeed, in: bytes, from: index)
            guard index < count else { break }
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                let length = lineBreakLength(at: index + 1)
                if length > 0 {
                    passLineBreak(at: index + 1, length: length)
                    index += 1 + length
                    continue
                }
            }
            if current == ByteClass.lineFeed || current == ByteClass.carriageReturn { break }
            index += 1
        }
        offset = index
        recorder.append(isDoc ? .docComment : .comment, start, offset, at: position)
    }

    private mutating func lexBlockComment() {
        let start = offset
        let position = recorder.position(of: start)
        let third = byte(offset + 2)
        let isDoc = (third == UInt8(ascii: "*") && byte(offset + 3) != UInt8(ascii: "/")) || third == UInt8(ascii: "!")
        offset = skipBlockComment(from: offset + 2)
        recorder.append(isDoc ? .docComment : .comment, start, offset, at: position)
    }

    /// The offset just past the `*/` closing a comment whose content starts at `index`.
    private mutating func skipBlockComment(from index: Int) -> Int {
        var index = index
        let count = bytes.count
        while index < count {
            // Only a star or a line break can change the comment's state.
            index = ByteSearch.firstIndex(
                of: UInt8(ascii: "*"), ByteClass.lineFeed, ByteClass.carriageReturn, UInt8(ascii: "*"), in: bytes, from: index)
            guard index < count else { break }
            let current = bytes[index]
            if current == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") && index + 1 < count {
                return index + 2
            }
            let length = lineBreakLength(at: index)
            if length > 0 {
                passLineBreak(at: index, length: length)
                index += length
            } else {
                index += 1
            }
        }
        return count
    }

    /// One directive, continuations and comments included, then its effect on active regions.
    /// A `#define`'s body is code (`#define LOAD(r) [NSURLConnection …]`): the directive token ends
    /// after the macro's name and parameters, and the body is lexed like any other line.
    private mutating func lexDirective() {
        let start = offset
        let position = recorder.position(of: start)
        if let (headerEnd, bodyStart) = macroBody(after: start) {
            recorder.append(.preprocessor, start, headerEnd, at: position)
            offset = bodyStart
            isAtLineStart = false
            return
        }
        var index = offset + 1
        let count = bytes.count
        scan: while index < count {
            let current = bytes[index]
            switch current {
            case ByteClass.lineFeed, ByteClass.carriageReturn:
                break scan
            case UInt8(ascii: "\\"):
                index = skipLineContinuation(at: index) ?? index + 1
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                index = skipBlockComment(from: index + 2)
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                while index < count && bytes[index] != ByteClass.lineFeed && bytes[index] != ByteClass.carriageReturn {
                    index += 1
                }
            default:
                index += 1
            }
        }
        // A directive is marked by the state before it: `#if 0` itself is active, and the
        // `#else`/`#endif` that end the dead region are still inside it.
        recorder.append(.preprocessor, start, index, at: position)
        offset = index
        applyDirective(from: start + 1, to: index)
        isAtLineStart = false
    }

    /// For `#define NAME body` or `#define NAME(a, b) body` on the line at `hash`, where the name and
    /// parameters end and where the body starts; nil for other directives and for a define with
    /// nothing after its name.
    private func macroBody(after hash: Int) -> (headerEnd: Int, bodyStart: Int)? {
        var index = hash + 1
        while byte(index) == 0x20 || byte(index) == 0x09 { index += 1 }
        let nameStart = index
        while index < bytes.count && ByteClass.isASCIIAlphanumeric(bytes[index]) { index += 1 }
        guard name(nameStart, index) == "define" else { return nil }
        while byte(index) == 0x20 || byte(index) == 0x09 { index += 1 }
        guard index < bytes.count, ByteClass.isIdentifierStart(bytes[index]) else { return nil }
        while index < bytes.count && ByteClass.isIdentifierContinue(bytes[index]) { index += 1 }
        // A parenthesis right after the name opens the parameter list of a function-like macro.
        if byte(index) == UInt8(ascii: "(") && index < bytes.count {
            while index < bytes.count && bytes[index] != UInt8(ascii: ")") && lineBreakLength(at: index) == 0 { index += 1 }
            guard byte(index) == UInt8(ascii: ")") else { return nil }
            index += 1
        }
        var bodyStart = index
        while byte(bodyStart) == 0x20 || byte(bodyStart) == 0x09 { bodyStart += 1 }
        guard bodyStart < bytes.count, lineBreakLength(at: bodyStart) == 0,
              !(bytes[bodyStart] == UInt8(ascii: "\\") && bodyStart + 1 == bytes.count) else { return nil }
        return (index, bodyStart)
    }

    private mutating func applyDirective(from start: Int, to end: Int) {
        var index = start
        while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        let nameStart = index
        while index < end && ByteClass.isASCIIAlphanumeric(bytes[index]) { index += 1 }
        switch name(nameStart, index) {
        case "if": regions.enterIf(condition(from: index, to: end))
        case "ifdef", "ifndef": regions.enterIf(.unknown)
        case "elif": regions.enterElif(condition(from: index, to: end))
        case "elifdef", "elifndef": regions.enterElif(.unknown)
        case "else": regions.enterElse()
        case "endif": regions.exit()
        default: return
        }
        recorder.isInactive = !regions.isActive
    }

    private func name(_ start: Int, _ end: Int) -> String {
        end - start <= 8 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) : ""
    }

    /// `0`, `1`, `(0)`, `(1)` are known; anything else may go either way.
    private func condition(from start: Int, to end: Int) -> ConditionalRegionTracker.Condition {
        var index = start
        var parentheses = 0
        while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: "(")) {
            if bytes[index] == UInt8(ascii: "(") { parentheses += 1 }
            index += 1
        }
        guard index < end, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else { return .unknown }
        let value = bytes[index]
        index += 1
        while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ")")) {
            if bytes[index] == UInt8(ascii: ")") { parentheses -= 1 }
            index += 1
        }
        let restIsComment = index + 1 < end && bytes[index] == UInt8(ascii: "/")
            && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
        guard parentheses == 0 && (index == end || restIsComment) else { return .unknown }
        return value == UInt8(ascii: "0") ? .alwaysFalse : .alwaysTrue
    }

    private mutating func lexNumber() {
        let start = offset
        let count = bytes.count
        offset += 1
        while offset < count {
            let current = bytes[offset]
            if ByteClass.isASCIIAlphanumeric(current) || current == UInt8(ascii: ".") {
                offset += 1
                let lowered = current | 0x20
                if (lowered == UInt8(ascii: "e") || lowered == UInt8(ascii: "p"))
                    && (byte(offset) == UInt8(ascii: "+") || byte(offset) == UInt8(ascii: "-")) && offset < count {
                    offset += 1
                }
            } else if current == UInt8(ascii: "'") && ByteClass.isASCIIAlphanumeric(byte(offset + 1)) && offset + 1 < count {
                offset += 2
            } else {
                break
            }
        }
        emit(.number, start, offset)
    }
}
