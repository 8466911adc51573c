/// Two edits of one file that overlap (or insert at the same offset) and differ: applying both
/// would lose one of them, so the file is not rewritten, as clang-apply-replacements reports them.
package struct EditConflict: Error, Sendable, Equatable {
    package var first: SourceEdit
    package var second: SourceEdit

    /// `edits` in file order with identical edits once, or the first pair that conflicts.
    ///
    /// An insertion where a replacement starts (the import before a rename of a file's first
    /// token) is no conflict: it goes before the replaced text, so the two become one edit of
    /// the replaced range, and the result is always edits strictly apart.
    static func resolve(_ edits: [SourceEdit]) -> Result<[SourceEdit], EditConflict> {
        let sorted = Set(edits).sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.replacement) < ($1.range.lowerBound, $1.range.upperBound, $1.replacement)
        }
        var resolved: [SourceEdit] = []
        resolved.reserveCapacity(sorted.count)
        for next in sorted {
            guard let previous = resolved.last,
                  previous.range.upperBound > next.range.lowerBound || previous.range.lowerBound == next.range.lowerBound
            else {
                resolved.append(next)
                continue
            }
            guard previous.range.isEmpty, !next.range.isEmpty, previous.range.lowerBound == next.range.lowerBound else {
                return .failure(EditConflict(first: previous, second: next))
            }
            resolved[resolved.count - 1] = SourceEdit(range: next.range, replacement: previous.replacement + next.replacement)
        }
        return .success(resolved)
    }
}
