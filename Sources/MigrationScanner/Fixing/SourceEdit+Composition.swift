extension SourceEdit {
    /// Edits of `original` that do what `first` and then `then` do, where `then` was computed on
    /// `original` with `first` applied: a rewrite in stages (onto the shim, then onto URLSession)
    /// still reaches the writer and the diff as edits of the file as it is on disk.
    ///
    /// Overlapping or touching edits of the two stages become one edit, so no change is lost or
    /// applied twice; both lists must be free of overlaps themselves.
    static func composed(_ first: [SourceEdit], then: [SourceEdit], original: [UInt8]) -> [SourceEdit] {
        let first = first.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let intermediate = apply(first, to: original)
        // Where each edit of `first` lies in the intermediate text, and the shift after it.
        var spans: [(original: Range<Int>, intermediate: Range<Int>)] = []
        var shift = 0
        for edit in first {
            let start = edit.range.lowerBound + shift
            let count = SourceText.byteCount(of: edit.replacement)
            spans.append((edit.range, start..<(start + count)))
            shift += count - edit.range.count
        }
        let clusters = (spans.map(\.intermediate) + then.map(\.range)).sorted { $0.lowerBound < $1.lowerBound }
            .reduce(into: [Range<Int>]()) { merged, range in
                if let last = merged.last, range.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
        // A cluster's ends lie outside every `first` edit's text (or on its ends), so they map back by the shift before them.
        func originalOffset(_ offset: Int, isStart: Bool) -> Int {
            Self.originalOffset(offset, after: first, isStart: isStart)
        }
        return clusters.map { cluster in
            let inside = then.filter { cluster.contains($0.range.lowerBound) || $0.range == cluster
                || ($0.range.isEmpty && $0.range.lowerBound == cluster.upperBound) }
            let slice = Array(intermediate[cluster])
            let local = inside.map { SourceEdit(range: ($0.range.lowerBound - cluster.lowerBound)..<($0.range.upperBound - cluster.lowerBound),
                                                replacement: $0.replacement) }
            let replacement = SourceText.string(apply(local, to: slice))
            return SourceEdit(range: originalOffset(cluster.lowerBound, isStart: true)..<originalOffset(cluster.upperBound, isStart: false), replacement: replacement)
        }
    }

    /// The offset in the original text of `offset` in the text `edits` produced, for an offset
    /// outside the edits' replacements (or on their ends). At an edit's start, `isStart` puts
    /// the offset before that edit's original range, otherwise after it.
    static func originalOffset(_ offset: Int, after edits: [SourceEdit], isStart: Bool) -> Int {
        var shift = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let start = edit.range.lowerBound + shift
            let count = SourceText.byteCount(of: edit.replacement)
            let end = start + count
            guard end <= offset, !(isStart && start == offset) else { break }
            shift += count - edit.range.count
        }
        return offset - shift
    }
}
