/// The line breaks of a file's bytes as the fixer keeps them: each line ends in LF, CRLF or a
/// lone CR (classic Mac OS), and a line the fixer adds takes the break of the line it follows.
struct LineBreaks {
    let bytes: [UInt8]

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    /// EF BB BF: a UTF-8 byte order mark, which must stay the file's first bytes.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The offset of the first byte after a byte order mark (0 without one).
    var contentStart: Int {
        bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
    }

    /// The first offset of the line holding `offset`, never before a byte order mark.
    func lineStart(containing offset: Int) -> Int {
        var start = offset
        while start > contentStart && !isBreak(endingAt: start - 1) { start -= 1 }
        return start
    }

    /// The line holding `offset`: the offset just past its break, and the break itself
    /// (empty when the line is the file's last and has none).
    func lineEnd(containing offset: Int) -> (next: Int, lineBreak: String) {
        var end = offset
        while end < bytes.count {
            if bytes[end] == Self.lineFeed { return (end + 1, "\n") }
            if bytes[end] == Self.carriageReturn {
                let isCRLF = end + 1 < bytes.count && bytes[end + 1] == Self.lineFeed
                return isCRLF ? (end + 2, "\r\n") : (end + 1, "\r")
            }
            end += 1
        }
        return (bytes.count, "")
    }

    /// The file's first line break, for a line added where the line before has none; LF in a one-line file.
    package var first: String {
        let (_, lineBreak) = lineEnd(containing: 0)
        return lineBreak.isEmpty ? "\n" : lineBreak
    }

    /// The break every line of the file ends in when that is CRLF or a lone CR; nil for LF, for a
    /// file with mixed breaks and for one without any.
    var uniformNonLF: String? {
        // Most files have no carriage return, found eight bytes at a time.
        let carriageReturn = Self.carriageReturn
        let firstCarriageReturn = bytes.withUnsafeBufferPointer {
            ByteSearch.firstIndex(of: carriageReturn, carriageReturn, carriageReturn, carriageReturn, in: $0, from: 0)
        }
        guard firstCarriageReturn < bytes.count else { return nil }
        var breaks = (crlf: 0, cr: 0, lf: 0)
        for (offset, byte) in bytes.enumerated() {
            if byte == Self.lineFeed {
                if offset > 0 && bytes[offset - 1] == Self.carriageReturn { breaks.crlf += 1 } else { breaks.lf += 1 }
            } else if byte == Self.carriageReturn && (offset + 1 == bytes.count || bytes[offset + 1] != Self.lineFeed) {
                breaks.cr += 1
            }
        }
        switch breaks {
        case (1..., 0, 0): return "\r\n"
        case (0, 1..., 0): return "\r"
        default: return nil
        }
    }

    /// `edits` with every LF their text adds ended as the file's lines are, when they all end alike
    /// in CRLF or a lone CR: the file gets no second line-ending style. Text moved from such a file
    /// has no bare LF, so only added lines change. A file with mixed breaks gets LF in added lines.
    func fitting(_ edits: [SourceEdit]) -> [SourceEdit] {
        guard let lineBreak = uniformNonLF, edits.contains(where: { $0.replacement.utf8.contains(Self.lineFeed) }) else { return edits }
        return edits.map { edit in
            var text = String.UnicodeScalarView()
            var previous: Unicode.Scalar?
            for scalar in edit.replacement.unicodeScalars {
                if scalar == "\n" && previous != "\r" {
                    text.append(contentsOf: lineBreak.unicodeScalars)
                } else {
                    text.append(scalar)
                }
                previous = scalar
            }
            return SourceEdit(range: edit.range, replacement: String(text))
        }
    }

    /// The byte at `offset` ends a line (an LF, or a CR not followed by LF).
    private func isBreak(endingAt offset: Int) -> Bool {
        bytes[offset] == Self.lineFeed
            || (bytes[offset] == Self.carriageReturn && (offset + 1 == bytes.count || bytes[offset + 1] != Self.lineFeed))
    }
}
