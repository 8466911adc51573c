/// One lexed token: where it is and what it is, without its text.
///
/// The text stays in the file's bytes; rules compare `word` (an interned name) or the
/// bytes at `start..<end`, so lexing allocates nothing per token.
struct Token: Sendable, Equatable {
    /// Byte offset of the first byte in the file.
    var start: Int32
    /// Byte offset just past the last byte.
    var end: Int32
    /// 1-based line of the first byte.
    package var line: Int32
    /// 1-based column of the first byte, counted in Unicode scalars; 0 in a `TokenStream`, which
    /// counts a token's column when asked (`TokenStream.column(_:)`).
    package var column: Int32
    var kind: TokenKind
    /// The interned name for identifiers, keywords and directives the rules know; nil otherwise.
    var word: Word?
    /// True inside an Objective-C `#if 0` region (or the dead branch of `#if 1 … #else`).
    var isInactive: Bool
    /// The first byte of the token's text (the character of a punctuation token), kept in the
    /// token's padding: structure and rules test punctuation for every token, and reading it from
    /// the file's bytes was a second load and bounds check per test.
    var firstByte: UInt8

    var length: Int { Int(end - start) }
}
