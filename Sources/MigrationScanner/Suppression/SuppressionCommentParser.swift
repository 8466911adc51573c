/// Finds `migrate-scan:` directives in a file's comment tokens — never in strings or code, since
/// it reads what the language's own lexer calls a comment.
enum SuppressionCommentParser {
    /// The prefix every directive starts with, after the comment marker and spaces.
    static let markerText = "migrate-scan:"
    static let marker = Array(markerText.utf8)
    private static let markerSearch = LiteralSearch(markerText)

    /// Every comment in `bytes` that starts with the marker, in source order.
    static func comments(in bytes: [UInt8], language: SourceLanguage) -> [SuppressionComment] {
        // Most files have no directive: a byte search (`memchr`, not a byte at a time) is much
        // cheaper than a second lexing pass.
        guard markerSearch.occurs(in: bytes) else { return [] }
        let tokens: [Token] =
            switch language {
            case .swift: SwiftLexer.tokens(in: bytes, keepsTrivia: true)
            case .objectiveC: ObjectiveCLexer.tokens(in: bytes, keepsTrivia: true)
            }
        return tokens.compactMap { token in
            guard token.kind == .comment || token.kind == .docComment else { return nil }
            return comment(token, bytes: bytes)
        }
    }

    private static func comment(_ token: Token, bytes: [UInt8]) -> SuppressionComment? {
        let raw = bytes[Int(token.start)..<Int(token.end)]
        var body = String(decoding: raw, as: UTF8.self)
        let isBlock = body.hasPrefix("/*")
        body = String(body.drop { $0 == "/" || $0 == "*" || $0 == "!" })
        if isBlock && body.hasSuffix("*/") { body = String(body.dropLast(2)) }
        body = String(body.drop(while: \.isWhitespace))
        guard body.utf8.starts(with: marker) else { return nil }
        let firstLine = raw.prefix { $0 != ByteClass.lineFeed && $0 != ByteClass.carriageReturn }
        let line = Int(token.line)
        let column = Int(token.column)
        let endColumn = column + String(decoding: firstLine, as: UTF8.self).unicodeScalars.count
        let lastLine = line + raw.reduce(0) { $0 + ($1 == ByteClass.lineFeed ? 1 : 0) }

        // The rules end with the directive's line: a block comment may go on to explain why.
        var text = body.dropFirst(marker.count).prefix { !$0.isNewline }
        if let reason = text.range(of: " --") { text = text[..<reason.lowerBound] }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard let commandWord = words.first else {
            return SuppressionComment(
                directive: nil, problem: "a suppression comment names no command (disable-next-line, disable-line, "
                    + "disable-previous-line, ignore, disable, enable)", line: line, column: column, endColumn: endColumn)
        }
        guard let command = SuppressionDirective.Command(spelling: commandWord) else {
            let names = SuppressionDirective.Command.allCases.map(\.rawValue) + SuppressionDirective.Command.aliases.keys.sorted()
            let suggestion = SpellingSuggestion.plausible(for: commandWord, among: names)
            return SuppressionComment(
                directive: nil,
                problem: "unknown suppression command '\(commandWord)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""),
                line: line, column: column, endColumn: endColumn)
        }
        var rules = Array(words.dropFirst())
        if rules.isEmpty && command == .ignore { rules = [SuppressionDirective.allRules] }
        guard !rules.isEmpty else {
            return SuppressionComment(
                directive: nil, problem: "'migrate-scan:\(command.rawValue)' names no rule (write a rule id or 'all')",
                line: line, column: column, endColumn: endColumn)
        }
        let directive = SuppressionDirective(
            command: command, rules: rules, line: line, column: column, endColumn: endColumn, lastLine: lastLine)
        return SuppressionComment(directive: directive, problem: nil, line: line, column: column, endColumn: endColumn)
    }
}
