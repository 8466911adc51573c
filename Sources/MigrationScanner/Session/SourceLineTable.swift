import Foundation

/// The lines of one file's bytes, found once so each finding's line is a lookup.
///
/// Built only for files with findings; `lineCount(of:)` counts the lines of the others.
struct SourceLineTable: Equatable {
    private let bytes: [UInt8]
    /// Byte offset where each line starts; line n (1-based) starts at `starts[n - 1]`.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        Self.forEachLineFeed(in: bytes) { starts.append($0 + 1) }
        self.init(bytes: bytes, starts: starts)
    }

    /// The table of `bytes` from `lineStarts`, the offsets after each line feed that a lexer
    /// recorded (`TokenStream.lineFeedLineStarts`); searches the bytes when nil, so what the lexer
    /// found is not searched again.
    init(_ bytes: [UInt8], lineStarts: [Int32]?) {
        guard let lineStarts else {
            self.init(bytes)
            return
        }
        self.init(bytes: bytes, starts: lineStarts.map { Int($0) })
    }

    private init(bytes: [UInt8], starts: [Int]) {
        self.bytes = bytes
        self.starts = starts
    }

    /// Lines in the file; a final line without a terminator counts, an empty file has one.
    var lineCount: Int { starts.count - (starts.count > 1 && starts.last == bytes.count ? 1 : 0) }

    /// The same count as `SourceLineTable(bytes).lineCount`, without keeping the line starts.
    static func lineCount(of bytes: [UInt8]) -> Int {
        var lineFeeds = 0
        var last = -1
        forEachLineFeed(in: bytes) { offset in
            lineFeeds += 1
            last = offset
        }
        return lineFeeds + 1 - (lineFeeds > 0 && last == bytes.count - 1 ? 1 : 0)
    }

    /// `memchr` rather than a byte loop: lines average a few dozen bytes, and this runs over
    /// every byte of every scanned file.
    private static func forEachLineFeed(in bytes: [UInt8], _ body: (Int) -> Void) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count,
                let found = memchr(base + offset, Int32(ByteClass.lineFeed), raw.count - offset)
            {
                let position = base.distance(to: UnsafeRawPointer(found))
                body(position)
                offset = position + 1
            }
        }
    }

    /// The bytes of a 1-based line without its terminator; empty past the end.
    func bytes(ofLine line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= starts.count else { return [] }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        if end > start && bytes[end - 1] == ByteClass.carriageReturn { end -= 1 }
        return bytes[start..<end]
    }

    /// The text of a 1-based line without its terminator; empty past the end. Invalid UTF-8 is replaced.
    func text(ofLine line: Int) -> String {
        String(decoding: bytes(ofLine: line), as: UTF8.self)
    }
}
