/// The lines of one file's bytes, found once so each finding's line text is a lookup.
struct SourceLineTable {
    private let bytes: [UInt8]
    /// Byte offset where each line starts; line n (1-based) starts at `starts[n - 1]`.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.starts = starts
    }

    /// Lines in the file; a final line without a terminator counts, an empty file has one.
    var lineCount: Int { starts.count - (starts.count > 1 && starts.last == bytes.count ? 1 : 0) }

    /// The text of a 1-based line without its terminator; empty past the end. Invalid UTF-8 is replaced.
    func text(ofLine line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
