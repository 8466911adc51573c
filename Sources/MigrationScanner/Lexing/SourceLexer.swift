/// What the Swift and Objective-C lexers share: UTF-8 bytes in, tokens out, in one pass.
protocol SourceLexer {
    /// A lexer over `bytes` that records its tokens in `storage` (one token per byte of room);
    /// comments (and Objective-C preprocessor lines) become tokens unless `keepsTrivia` is false.
    init(bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool, storage: UnsafeMutableBufferPointer<Token>)

    /// Lexes the whole buffer; returns how many tokens it recorded.
    mutating func lex() -> Int
}

extension SourceLexer {
    /// The tokens of `source`; comments are kept unless `keepsTrivia` is false.
    static func tokens(in source: [UInt8], keepsTrivia: Bool = true) -> [Token] {
        source.withUnsafeBufferPointer { tokens(in: $0, keepsTrivia: keepsTrivia) }
    }

    static func tokens(in bytes: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool = true) -> [Token] {
        // Lexed straight into the array's storage; pages past the last token are never touched.
        [Token](unsafeUninitializedCapacity: bytes.count) { storage, count in
            var lexer = Self(bytes: bytes, keepsTrivia: keepsTrivia, storage: storage)
            count = lexer.lex()
        }
    }
}
