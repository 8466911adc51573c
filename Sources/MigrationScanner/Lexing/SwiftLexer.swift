/// Lexes Swift source bytes into tokens, in one pass and without recursion.
///
/// Interpolated code in strings is lexed as code: at `\(` the string segment ends and an
/// `InterpolationFrame` is pushed; the `)` that closes the frame resumes the string. Frames
/// live on an explicit stack, so 10,000 nested interpolations cost memory, not call stack.
///
/// `#if false` and `#if true` drive a `ConditionalRegionTracker`, so tokens in a branch that is
/// never compiled are marked inactive, as in Objective-C's `#if 0`.
struct SwiftLexer: SourceLexer {
    /// A string suspended while its interpolated code is lexed.
    private struct InterpolationFrame {
        var hashCount: Int
        var isMultiline: Bool
        /// Open parentheses inside the interpolation; the frame closes at a `)` at depth 0.
        var parenthesisDepth: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var recorder: TokenRecorder
    private var offset: Int
    private var frames: [InterpolationFrame] = []
    private var regions = ConditionalRegionTracker()

    init(bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool, countsColumns: Bool, storage: UnsafeMutableBufferPointer<Token>) {
        self.bytes = bytes
        offset = ByteClass.byteOrderMarkLength(bytes)
        recorder = TokenRecorder(
            bytes: bytes, language: .swift, keepsTrivia: keepsTrivia, countsColumns: countsColumns,
            firstLineStart: offset, storage: storage)
    }

    mutating func lex() -> Int {
        run()
        return recorder.count
    }

    var summary: LexingSummary { recorder.summary }

    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private mutating func run() {
        let count = bytes.count
        while offset < count {
            let current = bytes[offset]
            switch current {
            case ByteClass.lineFeed:
                recorder.newLine(after: offset)
                offset += 1
                closeSingleLineFrames()
            case ByteClass.carriageReturn:
                if byte(offset + 1) != ByteClass.lineFeed {
                    recorder.newLine(after: offset)
                    closeSingleLineFrames()
                }
                offset += 1
            case 0x20:
                offset = ByteSearch.firstNonSpace(in: bytes, from: offset + 1)
            case 0x09, 0x0B, 0x0C, 0x00:
                offset += 1
            case UInt8(ascii: "/"):
                let next = byte(offset + 1)
                if next == UInt8(ascii: "/") {
                    lexLineComment()
                } else if next == UInt8(ascii: "*") {
                    lexBlockComment()
                } else if let end = bareRegexEnd(from: offset) {
                    recorder.append(.string, offset, end)
                    offset = end
                } else {
                    punctuation()
                }
            case UInt8(ascii: "\""):
                lexString(tokenStart: offset, quote: offset, hashCount: 0)
            case UInt8(ascii: "#"):
                lexPound()
            case UInt8(ascii: "`"):
                lexBacktickIdentifier()
            case UInt8(ascii: "("):
                if !frames.isEmpty { frames[frames.count - 1].parenthesisDepth += 1 }
                punctuation()
            case UInt8(ascii: ")"):
                if let frame = frames.last {
                    if frame.parenthesisDepth == 0 {
                        frames.removeLast()
                        let start = offset
                        let position = recorder.position(of: start)
                        scanStringBody(from: offset + 1, tokenStart: start, at: position,
                                       hashCount: frame.hashCount, isMultiline: frame.isMultiline)
                        continue
                    }
                    frames[frames.count - 1].parenthesisDepth -= 1
                }
                punctuation()
            default:
                if ByteClass.isDigit(current) {
                    lexNumber()
                } else if ByteClass.isIdentifierStart(current) {
                    let start = offset
                    offset = ByteSearch.identifierEnd(in: bytes, from: offset + 1)
                    recorder.appendIdentifier(start, offset)
                } else {
                    punctuation()
                }
            }
        }
    }

    @inline(__always)
    private mutating func punctuation() {
        recorder.appendPunctuation(offset)
        offset += 1
    }

    /// A single-line string cannot continue past a line break, so an interpolation inside
    /// one that is still open at a line break was never closed: drop it rather than let a
    /// later `)` swallow code into a string.
    private mutating func closeSingleLineFrames() {
        while let frame = frames.last, !frame.isMultiline { frames.removeLast() }
    }

    private mutating func lexLineComment() {
        let start = offset
        let third = byte(offset + 2)
        let isDoc = (third == UInt8(ascii: "/") && byte(offset + 3) != UInt8(ascii: "/")) || third == UInt8(ascii: "!")
        offset = ByteSearch.firstIndex(
            of: ByteClass.lineFeed, ByteClass.carriageReturn, ByteClass.lineFeed, ByteClass.lineFeed, in: bytes, from: offset + 2)
        recorder.append(isDoc ? .docComment : .comment, start, offset)
    }

    /// Swift block comments nest; the depth is a counter, not recursion.
    private mutating func lexBlockComment() {
        let start = offset
        let position = recorder.position(of: start)
        let third = byte(offset + 2)
        let isDoc = (third == UInt8(ascii: "*") && byte(offset + 3) != UInt8(ascii: "/")) || third == UInt8(ascii: "!")
        var depth = 1
        offset += 2
        let count = bytes.count
        while offset < count {
            // Only a slash, a star or a line break can change the comment's state.
            offset = ByteSearch.firstIndex(
                of: UInt8(ascii: "/"), UInt8(ascii: "*"), ByteClass.lineFeed, ByteClass.carriageReturn, in: bytes, from: offset)
            guard offset < count else { break }
            let current = bytes[offset]
            if current == UInt8(ascii: "/") && byte(offset + 1) == UInt8(ascii: "*") {
                depth += 1
                offset += 2
            } else if current == UInt8(ascii: "*") && byte(offset + 1) == UInt8(ascii: "/") {
                offset += 2
                depth -= 1
                if depth == 0 { break }
            } else {
                newLineIfBreak(at: offset)
                offset += 1
            }
        }
        recorder.append(isDoc ? .docComment : .comment, start, offset, at: position)
    }

    @inline(__always)
    private mutating func newLineIfBreak(at index: Int) {
        let current = bytes[index]
        if current == ByteClass.lineFeed
            || (current == ByteClass.carriageReturn && byte(index + 1) != ByteClass.lineFeed) {
            recorder.newLine(after: index)
        }
    }

    private mutating func lexPound() {
        let start = offset
        var index = offset
        while index < bytes.count && bytes[index] == UInt8(ascii: "#") { index += 1 }
        let hashCount = index - start
        let next = byte(index)
        if next == UInt8(ascii: "\"") {
            lexString(tokenStart: start, quote: index, hashCount: hashCount)
        } else if next == UInt8(ascii: "/") && index < bytes.count {
            lexExtendedRegex(start: start, slash: index, hashCount: hashCount)
        } else if hashCount == 1 && index < bytes.count && ByteClass.isIdentifierStart(next) {
            index += 1
            while index < bytes.count && ByteClass.isIdentifierContinue(bytes[index]) { index += 1 }
            recorder.append(.directive, start, index)
            offset = index
            applyDirective(nameStart: start + 1, nameEnd: index)
        } else {
            // Neither a raw string, a regex nor a directive: every `#` but the last is punctuation, and
            // the last is lexed again alone (`##selector` ends in a directive). Retrying the whole run
            // from each `#` read a line of thousands of them quadratically.
            for _ in 0..<max(1, hashCount - 1) { punctuation() }
        }
    }

    /// Like Objective-C, the directive token carries the state before it; what follows it on the
    /// line (the condition) and after carries the new one.
    private mutating func applyDirective(nameStart: Int, nameEnd: Int) {
        switch nameEnd - nameStart {
        case 2 where matches("if", at: nameStart): regions.enterIf(condition(after: nameEnd))
        case 6 where matches("elseif", at: nameStart): regions.enterElif(condition(after: nameEnd))
        case 4 where matches("else", at: nameStart): regions.enterElse()
        case 5 where matches("endif", at: nameStart): regions.exit()
        default: return
        }
        recorder.isInactive = !regions.isActive
    }

    private func matches(_ word: StaticString, at start: Int) -> Bool {
        word.withUTF8Buffer { word in
            word.indices.allSatisfy { start + $0 < bytes.count && bytes[start + $0] == word[$0] }
        }
    }

    /// `false`, `true`, `(false)`, `(true)` alone on the line (a comment may follow) are known;
    /// anything else (`DEBUG`, `os(Linux)`, `canImport(UIKit)`) may go either way.
    private func condition(after start: Int) -> ConditionalRegionTracker.Condition {
        var index = start
        var parentheses = 0
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: "(")) {
            if bytes[index] == UInt8(ascii: "(") { parentheses += 1 }
            index += 1
        }
        let value: ConditionalRegionTracker.Condition
        if matches("false", at: index) {
            value = .alwaysFalse
            index += 5
        } else if matches("true", at: index) {
            value = .alwaysTrue
            index += 4
        } else {
            return .unknown
        }
        if index < bytes.count && ByteClass.isIdentifierContinue(bytes[index]) { return .unknown }  // `falsehood`
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ")")) {
            if bytes[index] == UInt8(ascii: ")") { parentheses -= 1 }
            index += 1
        }
        let endsLine = index == bytes.count || bytes[index] == ByteClass.lineFeed || bytes[index] == ByteClass.carriageReturn
        let restIsComment = bytes[index...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
            || bytes[index...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "*")])
        return parentheses == 0 && (endsLine || restIsComment) ? value : .unknown
    }

    /// The end of a bare regex literal `/…/` starting at `slash`, or nil when the slash is an
    /// operator. As Swift decides: the literal starts where an expression may (after an opening
    /// bracket, a comma, `=`, `:`, another operator, `return`, or at the start of a line), does not
    /// start with a blank or `=`, and closes on the same line.
    private func bareRegexEnd(from slash: Int) -> Int? {
        let first = byte(slash + 1)
        guard first != 0x20 && first != 0x09 && first != UInt8(ascii: "=") && first != UInt8(ascii: ")"),
              lineBreakAhead(slash + 1) == false, expressionMayStart(before: slash) else { return nil }
        var index = slash + 1
        while index < bytes.count && !lineBreakAhead(index) {
            switch bytes[index] {
            // A backslash escapes the next byte, but not a line break: the literal ends at one
            // (an escape that skipped it would read the next line into the literal, whose tokens
            // would then get the first line's number).
            case UInt8(ascii: "\\"): index += lineBreakAhead(index + 1) ? 1 : 2
            case UInt8(ascii: "/"): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    @inline(__always)
    private func lineBreakAhead(_ index: Int) -> Bool {
        index >= bytes.count || bytes[index] == ByteClass.lineFeed || bytes[index] == ByteClass.carriageReturn
    }

    /// The last non-blank byte before `index` on its line leaves an expression to start, or is `return`.
    private func expressionMayStart(before index: Int) -> Bool {
        var previous = index - 1
        while previous >= 0 && (bytes[previous] == 0x20 || bytes[previous] == 0x09) { previous -= 1 }
        guard previous >= 0, bytes[previous] != ByteClass.lineFeed, bytes[previous] != ByteClass.carriageReturn else {
            return true
        }
        let character = bytes[previous]
        if ByteClass.isIdentifierContinue(character) {
            let start = previous - Self.returnKeyword.count + 1
            guard start >= 0, start == 0 || !ByteClass.isIdentifierContinue(bytes[start - 1]) else { return false }
            return Self.returnKeyword.indices.allSatisfy { bytes[start + $0] == Self.returnKeyword[$0] }
        }
        return Self.expressionOpeners.contains(character)
    }

    private static let returnKeyword: [UInt8] = Array("return".utf8)

    /// Bytes after which an expression starts: brackets, separators and operator characters.
    private static let expressionOpeners: Set<UInt8> = Set("([{,;:=!&|^~?<>+-*%".utf8)

    /// `#/…/#`: a regex literal is not code, so its content must not become tokens.
    private mutating func lexExtendedRegex(start: Int, slash: Int, hashCount: Int) {
        let position = recorder.position(of: start)
        var index = slash + 1
        let count = bytes.count
        while index < count {
            if bytes[index] == UInt8(ascii: "/") && closingHashes(after: index + 1, count: hashCount) {
                index += 1 + hashCount
                break
            }
            newLineIfBreak(at: index)
            index += 1
        }
        offset = min(index, count)
        recorder.append(.string, start, offset, at: position)
    }

    @inline(__always)
    private func closingHashes(after index: Int, count hashCount: Int) -> Bool {
        var matched = 0
        while matched < hashCount && byte(index + matched) == UInt8(ascii: "#") && index + matched < bytes.count {
            matched += 1
        }
        return matched == hashCount
    }

    private mutating func lexString(tokenStart: Int, quote: Int, hashCount: Int) {
        let position = recorder.position(of: tokenStart)
        let isMultiline = byte(quote + 1) == UInt8(ascii: "\"") && byte(quote + 2) == UInt8(ascii: "\"")
            && quote + 2 < bytes.count
        scanStringBody(from: quote + (isMultiline ? 3 : 1), tokenStart: tokenStart, at: position,
                       hashCount: hashCount, isMultiline: isMultiline)
    }

    /// Scans string content from `start` to the closing delimiter, the next interpolation,
    /// or (unterminated) the end of the line or file, and records one string token.
    private mutating func scanStringBody(
        from start: Int, tokenStart: Int, at position: (line: Int32, column: Int32),
        hashCount: Int, isMultiline: Bool
    ) {
        var index = start
        let count = bytes.count
        while index < count {
            // Only a backslash, a quote or a line break can end the segment.
            index = ByteSearch.firstIndex(
                of: UInt8(ascii: "\\"), UInt8(ascii: "\""), ByteClass.lineFeed, ByteClass.carriageReturn, in: bytes, from: index)
            guard index < count else { break }
            let current = bytes[index]
            if current == UInt8(ascii: "\\") {
                guard closingHashes(after: index + 1, count: hashCount) else {
                    index += 1
                    continue
                }
                let escaped = index + 1 + hashCount
                if byte(escaped) == UInt8(ascii: "(") && escaped < count {
                    recorder.append(.string, tokenStart, escaped + 1, at: position)
                    frames.append(InterpolationFrame(hashCount: hashCount, isMultiline: isMultiline, parenthesisDepth: 0))
                    offset = escaped + 1
                    return
                }
                let escapedByte = byte(escaped)
                let escapesLineBreak = escapedByte == ByteClass.lineFeed || escapedByte == ByteClass.carriageReturn
                index = escapesLineBreak || escaped >= count ? escaped : escaped + 1
                continue
            }
            if current == UInt8(ascii: "\"") {
                if isMultiline {
                    if byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
                        && index + 2 < count && closingHashes(after: index + 3, count: hashCount) {
                        offset = index + 3 + hashCount
                        recorder.append(.string, tokenStart, offset, at: position)
                        return
                    }
                } else if closingHashes(after: index + 1, count: hashCount) {
                    offset = index + 1 + hashCount
                    recorder.append(.string, tokenStart, offset, at: position)
                    return
                }
                index += 1
                continue
            }
            if current == ByteClass.lineFeed || current == ByteClass.carriageReturn {
                if !isMultiline {
                    offset = index
                    recorder.append(.string, tokenStart, offset, at: position)
                    return
                }
                newLineIfBreak(at: index)
            }
            index += 1
        }
        offset = count
        recorder.append(.string, tokenStart, offset, at: position)
    }

    private mutating func lexBacktickIdentifier() {
        let start = offset
        var index = offset + 1
        while index < bytes.count && ByteClass.isIdentifierContinue(bytes[index]) { index += 1 }
        if index > start + 1 && byte(index) == UInt8(ascii: "`") && index < bytes.count {
            recorder.appendIdentifier(start, index + 1, nameStart: start + 1, nameEnd: index)
            offset = index + 1
        } else {
            punctuation()
        }
    }

    private mutating func lexNumber() {
        let start = offset
        let isHex = bytes[offset] == UInt8(ascii: "0") && (byte(offset + 1) | 0x20) == UInt8(ascii: "x")
        let exponent = isHex ? UInt8(ascii: "p") : UInt8(ascii: "e")
        offset += 1
        let count = bytes.count
        while offset < count {
            let current = bytes[offset]
            if ByteClass.isASCIIAlphanumeric(current) {
                offset += 1
                if (current | 0x20) == exponent && (byte(offset) == UInt8(ascii: "+") || byte(offset) == UInt8(ascii: "-"))
                    && offset < count {
                    offset += 1
                }
            } else if current == UInt8(ascii: ".") && ByteClass.isDigit(byte(offset + 1)) && offset + 1 < count {
                offset += 2
            } else {
                break
            }
        }
        recorder.append(.number, start, offset)
    }
}
