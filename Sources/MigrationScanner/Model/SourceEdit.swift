/// One replacement in a file's bytes: `range` (byte offsets) becomes `replacement`.
///
/// `replacement` is `SourceText`: text moved from the file keeps its bytes, UTF-8 or not, and
/// `replacementBytes` is what the file gets.
///
/// Edits are computed from the token stream, so a range always covers whole code tokens
/// (or is empty, for an insertion) and never reaches into a comment or a string literal.
package struct SourceEdit: Sendable, Hashable {
    /// Byte offsets in the original file.
    package var range: Range<Int>
    package var replacement: String

    package init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// The bytes `replacement` stands for.
    package var replacementBytes: [UInt8] {
        SourceText.bytes(of: replacement)
    }

    /// Whether no two of `edits` overlap, as `apply` requires (insertions at one offset may meet).
    package static func areDisjoint(_ edits: [SourceEdit]) -> Bool {
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return zip(sorted, sorted.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound }
    }

    /// `bytes` with `edits` applied; the edits must not overlap. An insertion where a replacement
    /// starts goes before the replaced text, as `EditConflict.resolve` joins them.
    package static func apply(_ edits: [SourceEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var cursor = 0
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            result.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacementBytes)
            cursor = edit.range.upperBound
        }
        result.append(contentsOf: bytes[cursor...])
        return result
    }
}
