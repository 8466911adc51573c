/// What a lexer noted beside the tokens, so nothing reads every token again to learn it: the
/// known words present, and where lines start when columns are left to be counted on demand.
struct LexingSummary: Sendable {
    /// Every known word among the tokens (identifiers, keywords, directives).
    var presentWords = WordSet()
    /// Indices of the identifier tokens that are known words, in order.
    var wordTokens: [Int32] = []
    /// When columns were not counted while lexing: the byte offset of each line's first byte (after
    /// a byte order mark on the first line), line n at `lineStarts[n - 1]`. Empty otherwise.
    var lineStarts: [Int32] = []
    /// Nonzero when a lone carriage return ended one of those lines: the lexers break lines there,
    /// a file's line table (`SourceLineTable`) only at line feeds.
    var carriageReturnEndsALine: UInt8 = 0
    /// Nonzero when a token starts at a UTF-8 continuation byte. Counting while lexing gives such a
    /// token a column of its own even inside a broken sequence, which counting from the line's
    /// start cannot see, so the file's columns must then be counted while lexing.
    var continuationByteStartsToken: UInt8 = 0

    /// The column of `offset` on the line starting at `lineStart`, counted as the lexer counts:
    /// one per Unicode scalar, one per byte of invalid UTF-8. `cursor` carries the count between
    /// calls with increasing offsets on one line, so a long line is read once, not once per token.
    package static func column(of offset: Int, lineStart: Int, in bytes: [UInt8], cursor: inout ColumnCursor) -> Int32 {
        if cursor.lineStart != lineStart || cursor.offset > offset {
            cursor = ColumnCursor(lineStart: lineStart, offset: lineStart, column: 1, pending: 0)
        }
        while cursor.offset < offset {
            ByteClass.advanceColumn(over: bytes[cursor.offset], column: &cursor.column, pending: &cursor.pending)
            cursor.offset += 1
        }
        return cursor.column
    }

    /// How far along a line a column count has got.
    struct ColumnCursor {
        var lineStart = -1
        var offset = 0
        package var column: Int32 = 1
        var pending: UInt8 = 0
    }
}
