/// The token-exact edits both session emitters (Objective-C and Swift) are made of: byte
/// ranges of whole tokens and lines, read from one scanned file.
protocol TokenEditing {
    var file: ScannedFile { get }
}

extension TokenEditing {
    /// One level of indentation, for statements that had none of their own line.
    static var bodyLevel: String { "    " }

    package var stream: TokenStream { file.stream }
    var bytes: [UInt8] { file.stream.bytes }

    func text(_ tokens: ClosedRange<Int>) -> String {
        SourceText.string(bytes[Int(stream[tokens.lowerBound].start)..<Int(stream[tokens.upperBound].end)])
    }

    func replacing(_ tokens: ClosedRange<Int>, with replacement: String) -> SourceEdit {
        SourceEdit(range: Int(stream[tokens.lowerBound].start)..<Int(stream[tokens.upperBound].end), replacement: replacement)
    }

    func inserting(_ text: String, before token: Int) -> SourceEdit {
        let offset = Int(stream[token].start)
        return SourceEdit(range: offset..<offset, replacement: text)
    }

    func inserting(_ text: String, after token: Int) -> SourceEdit {
        let offset = Int(stream[token].end)
        return SourceEdit(range: offset..<offset, replacement: text)
    }

    /// A method body's statements, on lines of their own indented by `indent` more, then the
    /// closing brace at `closingIndent` (`indent` by default: a method at the file's left margin).
    /// Statements on the line of the body's `{` or `}` (`{ done = true }`) get a line of their
    /// own, one level in from the line of the `{`, ended like that line.
    func nestedBody(_ method: MethodSpan, indent: String, closingIndent: String? = nil) -> String {
        guard let body = method.body else { return "}" }
        let open = Int(stream[body.lowerBound - 1].end)
        let close = Int(stream[body.upperBound].start)
        // Split at LF scalars: a CRLF line keeps its CR (as one Character, CRLF would not split).
        let lines = SourceText.string(bytes[open..<max(open, close)]).unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        let braceLine = lineStart(of: open)
        let besideBrace = indent + SourceText.string(bytes[braceLine..<open].prefix { $0 == 0x20 || $0 == 0x09 })
            + Self.bodyLevel
        let found = LineBreaks(bytes: bytes).lineEnd(containing: open).lineBreak
        let lineBreak = found.isEmpty ? "\n" : found
        func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        var text = ""
        for (number, line) in lines.enumerated() {
            if number == 0 && isBlank(line) {
                // The rest of the `{` line with its own break, or a break before the `}` of `{ }`.
                text += lines.count == 1 ? lineBreak : line + "\n"
            } else if number == 0 {
                text += lineBreak + besideBrace + line.trimmingCharacters(in: .whitespacesAndNewlines) + lineBreak
            } else if number == lines.count - 1 {
                if !isBlank(line) { text += indent + String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) + lineBreak }
            } else {
                text += (isBlank(line) ? String(line) : indent + line) + "\n"
            }
        }
        return text + (closingIndent ?? indent) + "}"
    }

    /// What separates the declaration from its `{`: a space or a line break.
    func separatorBeforeBody(_ method: MethodSpan) -> String {
        guard let body = method.body else { return "\n" }
        let start = Int(stream[body.lowerBound - 2].end)
        let end = Int(stream[body.lowerBound - 1].start)
        return SourceText.string(bytes[start..<end])
    }

    /// The method's lines, the comment lines right above it and one blank line before them.
    func removingLines(of method: MethodSpan) -> SourceEdit {
        var start = lineStart(of: Int(stream[method.declarationStart].start))
        while start > 0 {
            let previous = lineStart(of: start - 1)
            let line = SourceText.string(bytes[previous..<(start - 1)]).trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("//") || line.hasPrefix("/*") || line.hasPrefix("*") else { break }
            start = previous
        }
        if start > 0 {
            let previous = lineStart(of: start - 1)
            // A CRLF line's CR is part of its break.
            if bytes[previous..<(start - 1)].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { start = previous }
        }
        var end = Int(stream[method.body?.upperBound ?? method.name].end)
        let lineBreak = LineBreaks(bytes: bytes).lineEnd(containing: end)
        if lineBreak.next == end + lineBreak.lineBreak.utf8.count { end = lineBreak.next }
        return SourceEdit(range: start..<end, replacement: "")
    }

    /// The whole lines from the token `first` to the token `last`, line break included.
    func removingLines(from first: Int, to last: Int) -> SourceEdit {
        var end = Int(stream[last].end)
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return SourceEdit(range: lineStart(of: Int(stream[first].start))..<min(end + 1, bytes.count), replacement: "")
    }

    func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// `statement` as the body's first line, indented as the statement it goes before.
    func insertingFirstStatement(_ statement: String, body: Range<Int>) -> SourceEdit {
        insertingFirstStatements([statement], body: body)
    }

    /// `statements` as the body's first lines, each indented as the statement they go before (one
    /// insertion: two at the same offset would be an overlap).
    func insertingFirstStatements(_ statements: [String], body: Range<Int>) -> SourceEdit {
        let open = Int(stream[body.lowerBound - 1].end)
        guard !body.isEmpty, case let first = Int(stream[body.lowerBound].start), lineStart(of: first) > open else {
            // On the brace's line, Swift statements need a `;` between them (Objective-C's end in one).
            let separator = file.language == .swift ? "; " : " "
            return SourceEdit(range: open..<open, replacement: " " + statements.joined(separator: separator))
        }
        let line = lineStart(of: first)
        let indentation = SourceText.string(bytes[line..<first])
        return SourceEdit(range: line..<line, replacement: statements.map { indentation + $0 + "\n" }.joined())
    }
}
