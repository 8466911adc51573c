/// Applies a one-file unified diff the way `git apply` does, strictly: every context and removed
/// line must match the original byte for byte, terminator included; no fuzz, no offset search.
///
/// Lines are split at LF only, so a CR stays part of its line's text, as for `git apply` and
/// `patch`; `\ No newline at end of file` after a line drops that line's LF.
struct UnifiedDiffApplier {
    struct Rejection: Error {
        var reason: String
    }

    private struct Hunk {
        var oldStart: Int
        var oldCount: Int
        var newCount: Int
        /// Each line's prefix (` `, `-`, `+`) and text with its terminator.
        var lines: [(kind: UInt8, text: ArraySlice<UInt8>)] = []
    }

    /// The patched file; throws when the diff is malformed or does not match `original`.
    static func apply(_ diff: [UInt8], to original: [UInt8]) throws(Rejection) -> [UInt8] {
        guard !diff.isEmpty else { return original }
        let originalLines = splitKeepingTerminators(original[...])
        var output: [UInt8] = []
        var nextOriginalLine = 0
        for hunk in try hunks(in: diff) {
            // `-N,0` names the line before an insertion; otherwise N is 1-based.
            let first = hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart - 1
            guard first >= nextOriginalLine, first + hunk.oldCount <= originalLines.count else {
                throw Rejection(reason: "hunk at -\(hunk.oldStart),\(hunk.oldCount) is out of order or past the end")
            }
            for line in originalLines[nextOriginalLine..<first] { output += line }
            var cursor = first
            for line in hunk.lines {
                switch line.kind {
                case UInt8(ascii: "+"):
                    output += line.text
                default:
                    guard cursor < originalLines.count, originalLines[cursor] == line.text else {
                        throw Rejection(reason: "line \(cursor + 1) does not match the hunk at -\(hunk.oldStart)")
                    }
                    if line.kind == UInt8(ascii: " ") { output += line.text }
                    cursor += 1
                }
            }
            nextOriginalLine = cursor
        }
        for line in originalLines[nextOriginalLine...] { output += line }
        return output
    }

    private static func hunks(in diff: [UInt8]) throws(Rejection) -> [Hunk] {
        var lines = splitKeepingTerminators(diff[...])[...]
        guard let old = lines.popFirst(), old.starts(with: Array("--- a/".utf8)),
              let new = lines.popFirst(), new.starts(with: Array("+++ b/".utf8))
        else { throw Rejection(reason: "no '--- a/' and '+++ b/' header") }
        var hunks: [Hunk] = []
        while let header = lines.popFirst() {
            var hunk = try parseHeader(header)
            var oldSeen = 0
            var newSeen = 0
            while oldSeen < hunk.oldCount || newSeen < hunk.newCount {
                guard let line = lines.popFirst(), let kind = line.first, line.last == 0x0A else {
                    throw Rejection(reason: "hunk at -\(hunk.oldStart) ends early")
                }
                guard [UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "+")].contains(kind) else {
                    throw Rejection(reason: "unexpected line in the hunk at -\(hunk.oldStart)")
                }
                var text = line.dropFirst()
                if let marker = lines.first, marker.starts(with: Array("\\ No newline at end of file".utf8)) {
                    lines.removeFirst()
                    text = text.dropLast()
                }
                hunk.lines.append((kind, text))
                if kind != UInt8(ascii: "+") { oldSeen += 1 }
                if kind != UInt8(ascii: "-") { newSeen += 1 }
            }
            guard oldSeen == hunk.oldCount, newSeen == hunk.newCount else {
                throw Rejection(reason: "the hunk at -\(hunk.oldStart) has more lines than its header says")
            }
            hunks.append(hunk)
        }
        return hunks
    }

    /// `@@ -a,b +c,d @@` (a count of 1 may be left out).
    private static func parseHeader(_ line: ArraySlice<UInt8>) throws(Rejection) -> Hunk {
        let text = String(decoding: line, as: UTF8.self)
        let fields = text.split(separator: " ")
        guard fields.count >= 4, fields[0] == "@@", fields[3].hasPrefix("@@"),
              fields[1].hasPrefix("-"), fields[2].hasPrefix("+"),
              let old = range(fields[1].dropFirst()), let new = range(fields[2].dropFirst())
        else { throw Rejection(reason: "bad hunk header '\(text.prefix(80))'") }
        return Hunk(oldStart: old.start, oldCount: old.count, newCount: new.count)
    }

    private static func range(_ text: Substring) -> (start: Int, count: Int)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard let start = Int(parts[0]), parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return (start, 1) }
        return Int(parts[1]).map { (start, $0) }
    }

    private static func splitKeepingTerminators(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex
            lines.append(bytes[start..<end])
            start = end
        }
        return lines
    }
}
