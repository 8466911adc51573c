/// What a token is, as far as the rules care.
enum TokenKind: UInt8, Sendable {
    case identifier
    /// A reserved word of the language being lexed (`class`, `func`, `return`, `if`…).
    case keyword
    /// `@interface`, `@end`, `@selector` in Objective-C; `#if`, `#selector`, `#available` in Swift.
    case directive
    case number
    /// One byte of punctuation or operator; multi-byte operators are several tokens,
    /// so rules can look at `=` versus `==` without a table of operators.
    case punctuation
    /// A string or character literal, or one segment of an interpolated Swift string
    /// (the `\(` and the `)` around interpolated code belong to the segments).
    case string
    case comment
    /// `///`, `/** … */`, `//!` and `/*! … */`.
    case docComment
    /// An Objective-C preprocessor line, continuations included.
    case preprocessor
}
