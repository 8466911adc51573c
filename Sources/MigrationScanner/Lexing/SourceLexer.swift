/// What the Swift and Objective-C lexers share: UTF-8 bytes in, tokens out, in one pass.
protocol SourceLexer {
    /// A lexer over `bytes` that records its tokens in `storage` (one token per byte of room);
    /// comments (and Objective-C preprocessor lines) become tokens unless `keepsTrivia` is false.
    /// Without `countsColumns`, every token's column is 0 and `summary` says where lines start.
    init(bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool, countsColumns: Bool, storage: UnsafeMutableBufferPointer<Token>)

    /// Lexes the whole buffer; returns how many tokens it recorded.
    mutating func lex() -> Int

    /// After `lex()`: the words present and, without `countsColumns`, where each line starts.
    var summary: LexingSummary { get }
}

extension SourceLexer {
    /// The tokens of `source`; comments are kept unless `keepsTrivia` is false.
    static func tokens(in source: [UInt8], keepsTrivia: Bool = true) -> [Token] {
        source.withUnsafeBufferPointer { tokens(in: $0, keepsTrivia: keepsTrivia) }
    }

    static func tokens(in bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool = true) -> [Token] {
        lexed(bytes, keepsTrivia: keepsTrivia, countsColumns: true).tokens
    }

    /// The code tokens of `source` (no comments) and their summary; with `countsColumns` false every
    /// column is 0 and the summary says where lines start: a scan needs the columns of the tokens
    /// that get a finding only.
    static func codeTokens(in source: [UInt8], countsColumns: Bool) -> (tokens: [Token], summary: LexingSummary) {
        source.withUnsafeBufferPointer { lexed($0, keepsTrivia: false, countsColumns: countsColumns) }
    }

    private static func lexed(
        _ bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool, countsColumns: Bool
    ) -> (tokens: [Token], summary: LexingSummary) {
        var summary = LexingSummary()
        // Lexed straight into the array's storage; pages past the last token are never touched.
        let tokens = [Token](unsafeUninitializedCapacity: bytes.count) { storage, count in
            var lexer = Self(bytes: bytes, keepsTrivia: keepsTrivia, countsColumns: countsColumns, storage: storage)
            count = lexer.lex()
            summary = lexer.summary
        }
        return (tokens, summary)
    }
}
