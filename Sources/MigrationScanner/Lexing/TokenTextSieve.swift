/// Whether a token can be one of a few names, from its first byte and length alone: a test
/// over every identifier of a file that makes a string only for the few that pass, where making
/// each identifier's text and hashing it took longer than lexing the file.
struct TokenTextSieve: Sendable {
    /// For each first byte, bit `n` is set when a name of `n` bytes starts with it (63: longer).
    private let lengthsByFirstByte: [UInt64]

    init(_ names: some Sequence<String>) {
        var lengths = [UInt64](repeating: 0, count: 256)
        for name in names {
            guard let first = name.utf8.first else { continue }
            lengths[Int(first)] |= 1 << UInt64(min(name.utf8.count, 63))
        }
        lengthsByFirstByte = lengths
    }

    /// False only when `stream.text(index)` is none of the names.
    func mayMatch(_ index: Int, in stream: TokenStream) -> Bool {
        let token = stream[index]
        // A backquoted identifier's text leaves out its quotes.
        guard token.firstByte != UInt8(ascii: "`") else { return true }
        return lengthsByFirstByte[Int(token.firstByte)] & (1 << UInt64(min(token.length, 63))) != 0
    }
}
