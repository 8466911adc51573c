import Foundation

/// A file's lines as the HTML report shows them: split at line feeds, a carriage return before
/// one dropped, no line after a final line feed.
///
/// Only the lines shown around findings are made into strings: splitting every file with findings
/// into a `String` per line took most of the report's time.
struct SourceText: Sendable {
    private let bytes: [UInt8]
    /// Where each line starts; line `n` (1-based) ends before the line feed that starts `n + 1`.
    private let lineStarts: [Int]
    let lineCount: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
        // The text after the last line feed is a line unless it is empty.
        lineCount = starts.last == bytes.count ? starts.count - 1 : starts.count
    }

    /// The lines given, as if read from a file holding them each followed by a line feed.
    init(lines: [String]) {
        self.init(bytes: Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Line `number`, 1 through `lineCount`, without its line break.
    func line(_ number: Int) -> String {
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
