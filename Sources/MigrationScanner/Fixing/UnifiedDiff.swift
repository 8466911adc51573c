/// A unified diff (`diff -u`, 3 lines of context) of one file before and after a set of edits.
///
/// The changed lines are known from the edits, so no longest-common-subsequence search is
/// needed: every edit's lines are the removed lines, the same lines edited are the added ones.
///
/// Built of bytes, not text: `git apply` and `patch` match context and removed lines byte for byte,
/// so a file that is not valid UTF-8 keeps its bytes in the diff as `--fix` keeps them in the file.
package struct UnifiedDiff: Sendable {
    var path: String
    var original: [UInt8]
    var edits: [SourceEdit]
    var contextLines = 3

    package init(path: String, original: [UInt8], edits: [SourceEdit]) {
        self.path = path
        self.original = original
        self.edits = edits
    }

    /// A changed stretch: original lines `oldLines` (0-based half-open) become `newText`'s lines.
    private struct Change {
        var oldLines: Range<Int>
        var newLines: [ArraySlice<UInt8>]
    }

    /// `--- a/path`, `+++ b/path` and the hunks; empty when the edits change nothing.
    ///
    /// Lines are split at LF, as `git apply` and `patch` read them: a CRLF line keeps its CR in the
    /// line's text, a file whose lines end in a lone CR is one line, and a last line without a
    /// break is followed by `\ No newline at end of file`, so the diff applies to every line-ending style.
    package func render() -> [UInt8] {
        let lineStarts = Self.lineStarts(original)
        // Only the lines a hunk shows are sliced: a slice of every line of a large file cost more
        // than the hunks of a few edits.
        func line(_ index: Int) -> ArraySlice<UInt8> { Self.line(index, starts: lineStarts, in: original) }
        let changes = self.changes(lineStarts: lineStarts)
        guard !changes.isEmpty else { return [] }
        var output = Array("--- a/\(path)\n+++ b/\(path)\n".utf8)
        var hunk: [Change] = []
        // Lines added minus lines removed by the hunks already written: where a hunk's lines start in the new file.
        var lineDelta = 0
        func flush() {
            guard let first = hunk.first, let last = hunk.last else { return }
            let start = max(0, first.oldLines.lowerBound - contextLines)
            let end = min(lineStarts.count, last.oldLines.upperBound + contextLines)
            var body: [(prefix: UInt8, line: ArraySlice<UInt8>)] = []
            var cursor = start
            var newCount = 0
            for change in hunk {
                for index in cursor..<change.oldLines.lowerBound { body.append((Self.context, line(index))) }
                newCount += change.oldLines.lowerBound - cursor
                for index in change.oldLines { body.append((Self.removed, line(index))) }
                for line in change.newLines { body.append((Self.added, line)) }
                newCount += change.newLines.count
                cursor = change.oldLines.upperBound
            }
            for index in cursor..<end { body.append((Self.context, line(index))) }
            newCount += end - cursor
            let oldCount = end - start
            let newStart = start + lineDelta
            lineDelta += hunk.reduce(0) { $0 + $1.newLines.count - $1.oldLines.count }
            output += "@@ -\(Self.range(start, oldCount)) +\(Self.range(newStart, newCount)) @@\n".utf8
            for (prefix, line) in body {
                output.append(prefix)
                output += line
                if line.last != Self.lineFeed { output += "\n\\ No newline at end of file\n".utf8 }
            }
        }
        for change in changes {
            if let last = hunk.last, change.oldLines.lowerBound - last.oldLines.upperBound > 2 * contextLines {
                flush()
                hunk = []
            }
            hunk.append(change)
        }
        flush()
        return output
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let context = UInt8(ascii: " ")
    private static let removed = UInt8(ascii: "-")
    private static let added = UInt8(ascii: "+")

    /// `start,count` 1-based, with diff's convention that an empty range names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    /// Groups edits by the whole lines they touch.
    private func changes(lineStarts: [Int]) -> [Change] {
        var groups: [(lines: Range<Int>, edits: [SourceEdit])] = []
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let first = Self.lineIndex(of: edit.range.lowerBound, starts: lineStarts)
            var last = Self.lineIndex(of: max(edit.range.lowerBound, edit.range.upperBound - 1), starts: lineStarts) + 1
            // An insertion at a line's start that ends in a line feed adds lines and removes none.
            let isLineInsertion = edit.range.isEmpty && first < lineStarts.count && lineStarts[first] == edit.range.lowerBound
                && edit.replacement.utf8.last == Self.lineFeed
            if isLineInsertion { last = first }
            // Edits on the same or adjacent lines are one change: removed lines first, then added ones, as diff -u shows them.
            if let previous = groups.last, first <= previous.lines.upperBound {
                groups[groups.count - 1].lines = previous.lines.lowerBound..<max(last, previous.lines.upperBound)
                groups[groups.count - 1].edits.append(edit)
            } else {
                groups.append((first..<last, [edit]))
            }
        }
        return groups.map { group in
            let start = group.lines.lowerBound < lineStarts.count ? lineStarts[group.lines.lowerBound] : original.count
            let end = group.lines.upperBound < lineStarts.count ? lineStarts[group.lines.upperBound] : original.count
            let shifted = group.edits.map { SourceEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), replacement: $0.replacement) }
            let newBytes = SourceEdit.apply(shifted, to: Array(original[start..<end]))
            let newStarts = Self.lineStarts(newBytes)
            return Change(oldLines: group.lines, newLines: newStarts.indices.map { Self.line($0, starts: newStarts, in: newBytes) })
        }
    }

    /// The offsets where LF-terminated lines start; none for empty bytes.
    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        guard !bytes.isEmpty else { return [] }
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            // Line feeds found eight bytes at a time: a large file's diff read every byte once more than its edits need.
            var offset = ByteSearch.firstIndex(of: lineFeed, lineFeed, lineFeed, lineFeed, in: buffer, from: 0)
            while offset + 1 < buffer.count {
                starts.append(offset + 1)
                offset = ByteSearch.firstIndex(of: lineFeed, lineFeed, lineFeed, lineFeed, in: buffer, from: offset + 1)
            }
        }
        return starts
    }

    private static func lineIndex(of offset: Int, starts: [Int]) -> Int {
        max(0, starts.firstIndex(notBelow: offset + 1) - 1)
    }

    /// Line `index` with its LF, if it has one.
    private static func line(_ index: Int, starts: [Int], in bytes: [UInt8]) -> ArraySlice<UInt8> {
        let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
        return bytes[starts[index]..<end]
    }
}
