/// ASCII classes of bytes shared by both lexers. Bytes ≥ 0x80 count as identifier
/// characters so non-ASCII identifiers stay one token and invalid UTF-8 never stops a lexer.
enum ByteClass {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// Bit `b` is set for the bytes `b` (below 64) and `b + 64` that start an identifier: `$`,
    /// `A`–`Z`, `_`, `a`–`z`. One shift and test per byte rather than a chain of range comparisons:
    /// identifiers are most of code's bytes.
    private static let identifierStartBelow64: UInt64 = 1 << 0x24
    private static let identifierStartFrom64: UInt64 = 0x07FF_FFFE_87FF_FFFE
    /// The same with the digits `0`–`9`, which continue an identifier.
    private static let identifierContinueBelow64: UInt64 = identifierStartBelow64 | 0x03FF_0000_0000_0000

    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        let bits = byte < 64 ? identifierStartBelow64 : identifierStartFrom64
        return byte >= 0x80 || (bits >> UInt64(byte & 63)) & 1 != 0
    }

    @inline(__always)
    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        let bits = byte < 64 ? identifierContinueBelow64 : identifierStartFrom64
        return byte >= 0x80 || (bits >> UInt64(byte & 63)) & 1 != 0
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || isDigit(byte) || byte == 0x5F
    }

    /// `byte` with ASCII capitals made small; every other byte as it is.
    @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Space, tab, vertical tab, form feed and NUL: skipped between tokens.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x00
    }

    /// The continuation bytes a UTF-8 lead byte announces (0 for ASCII and stray bytes).
    @inline(__always)
    static func continuationCount(afterLead byte: UInt8) -> UInt8 {
        if byte < 0xC0 { return 0 }
        if byte < 0xE0 { return 1 }
        if byte < 0xF0 { return 2 }
        return byte < 0xF8 ? 3 : 0
    }

    /// Advances a column count over one byte, the way editors count: one column per
    /// Unicode scalar, and one per byte of invalid UTF-8 (shown as U+FFFD). `pending` is the
    /// number of continuation bytes still expected.
    @inline(__always)
    static func advanceColumn(over byte: UInt8, column: inout Int32, pending: inout UInt8) {
        if byte & 0xC0 == 0x80 && pending > 0 {
            pending -= 1
        } else {
            column += 1
            pending = continuationCount(afterLead: byte)
        }
    }

    /// Length of a UTF-8 byte order mark at the start of `bytes`, or 0.
    static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }
}
