extension SourceEdit {
    /// Edits of `original` that do what `first` and then `then` do, where `then` was computed on
    /// `original` with `first` applied: a rewrite in stages (onto the shim, then onto URLSession)
    /// still reaches the writer and the diff as edits of the file as it is on disk.
    ///
    /// Overlapping or touching edits of the two stages become one edit, so no change is lost or
    /// applied twice; both lists must be free of overlaps themselves. One pass over each list after
    /// sorting them: a class with thousands of edits in each stage takes milliseconds, not minutes.
    static func composed(_ first: [SourceEdit], then: [SourceEdit], original: [UInt8]) -> [SourceEdit] {
        let first = first.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let then = then.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let intermediate = apply(first, to: original)
        let mapping = OffsetMapping(first)
        let clusters = (mapping.intermediateRanges + then.map(\.range)).sorted { $0.lowerBound < $1.lowerBound }
            .reduce(into: [Range<Int>]()) { merged, range in
                if let last = merged.last, range.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
        // A cluster's ends lie outside every `first` edit's text (or on its ends), so they map back
        // by the shift before them; clusters and edits are in order, so one cursor walks each list.
        var cursor = mapping.cursor()
        var next = 0
        return clusters.map { cluster in
            var local: [SourceEdit] = []
            // Every edit of `then` lies in one cluster: the first that does not end before it starts.
            while next < then.count, then[next].range.lowerBound <= cluster.upperBound {
                let range = then[next].range
                local.append(SourceEdit(range: (range.lowerBound - cluster.lowerBound)..<(range.upperBound - cluster.lowerBound),
                                        replacement: then[next].replacement))
                next += 1
            }
            let replacement = SourceText.string(apply(local, to: Array(intermediate[cluster])))
            let start = cursor.originalOffset(cluster.lowerBound, isStart: true)
            return SourceEdit(range: start..<cursor.originalOffset(cluster.upperBound, isStart: false), replacement: replacement)
        }
    }

    /// The offset in the original text of `offset` in the text `edits` produced, for an offset
    /// outside the edits' replacements (or on their ends). At an edit's start, `isStart` puts
    /// the offset before that edit's original range, otherwise after it.
    static func originalOffset(_ offset: Int, after edits: [SourceEdit], isStart: Bool) -> Int {
        var cursor = OffsetMapping(edits.sorted { $0.range.lowerBound < $1.range.lowerBound }).cursor()
        return cursor.originalOffset(offset, isStart: isStart)
    }
}

/// Where each of a list of edits (sorted, apart) lies in the text they produce, to map offsets of
/// that text back to the original.
struct OffsetMapping {
    /// Each edit's replacement in the produced text.
    let intermediateRanges: [Range<Int>]
    /// Each edit's change of length.
    private let deltas: [Int]

    init(_ sortedEdits: [SourceEdit]) {
        var ranges: [Range<Int>] = []
        var deltas: [Int] = []
        ranges.reserveCapacity(sortedEdits.count)
        deltas.reserveCapacity(sortedEdits.count)
        var shift = 0
        for edit in sortedEdits {
            let count = SourceText.byteCount(of: edit.replacement)
            let start = edit.range.lowerBound + shift
            ranges.append(start..<(start + count))
            deltas.append(count - edit.range.count)
            shift += count - edit.range.count
        }
        intermediateRanges = ranges
        self.deltas = deltas
    }

    /// A walk over the edits for offsets asked in increasing order.
    func cursor() -> Cursor {
        Cursor(mapping: self)
    }

    struct Cursor {
        fileprivate let mapping: OffsetMapping
        private var index = 0
        private var shift = 0

        fileprivate init(mapping: OffsetMapping) {
            self.mapping = mapping
        }

        /// `offset` in the original text; offsets must be asked in increasing order (an edit passed
        /// for one offset is passed for every later one).
        mutating func originalOffset(_ offset: Int, isStart: Bool) -> Int {
            while index < mapping.intermediateRanges.count {
                let range = mapping.intermediateRanges[index]
                guard range.upperBound <= offset, !(isStart && range.lowerBound == offset) else { break }
                shift += mapping.deltas[index]
                index += 1
            }
            return offset - shift
        }
    }
}
