/// Two edits of one file that overlap (or insert at the same offset) and differ: applying both
/// would lose one of them, so the file is not rewritten, as clang-apply-replacements reports them.
struct EditConflict: Error, Sendable, Equatable {
    var first: SourceEdit
    var second: SourceEdit

    /// `edits` in file order with identical edits once, or the first pair that conflicts.
    static func resolve(_ edits: [SourceEdit]) -> Result<[SourceEdit], EditConflict> {
        let sorted = Set(edits).sorted {
            ($0.range.lowerBound, $0.range.upperBound, $0.replacement) < ($1.range.lowerBound, $1.range.upperBound, $1.replacement)
        }
        for (previous, next) in zip(sorted, sorted.dropFirst())
        where previous.range.upperBound > next.range.lowerBound || previous.range.lowerBound == next.range.lowerBound {
            return .failure(EditConflict(first: previous, second: next))
        }
        return .success(sorted)
    }
}
