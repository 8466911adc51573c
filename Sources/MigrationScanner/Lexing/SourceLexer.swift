/// What the Swift and Objective-C lexers share: UTF-8 bytes in, tokens out, in one pass.
protocol SourceLexer {
    /// A lexer over `bytes`; comments (and Objective-C preprocessor lines) become tokens unless
    /// `keepsTrivia` is false.
    init(bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool)

    /// Lexes the whole buffer.
    mutating func lex() -> [Token]
}

extension SourceLexer {
    /// The tokens of `source`; comments are kept unless `keepsTrivia` is false.
    static func tokens(in source: [UInt8], keepsTrivia: Bool = true) -> [Token] {
        source.withUnsafeBufferPointer { tokens(in: $0, keepsTrivia: keepsTrivia) }
    }

    static func tokens(in bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool = true) -> [Token] {
        var lexer = Self(bytes: bytes, keepsTrivia: keepsTrivia)
        return lexer.lex()
    }
}
