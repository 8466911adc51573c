/// The closest valid word to a misspelt one, by Levenshtein edit distance.
package enum SpellingSuggestion {
    /// The candidate with the fewest edits from `word`, ignoring case first (`-Q` is closest to `-q`),
    /// then counting it; the earliest on ties; nil when there are no candidates.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: (Int, Int))?
        for candidate in candidates {
            let distance = (editDistance(word.lowercased(), candidate.lowercased()), editDistance(word, candidate))
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Like `closest`, but nil when even the closest needs edits to more than a third of the word
    /// (at least two allowed): for free-form names, where a far-fetched guess misleads.
    ///
    /// A candidate whose length differs from the word's by more than the allowance needs more edits
    /// than that, so it is never compared: a word far longer than every candidate (a pasted blob in a
    /// suppression comment) costs no edit distance at all, whatever its length.
    /// A word of more than twice the longest candidate's bytes plus eight gets no suggestion before
    /// any of that: for ASCII its extra length alone exceeds the allowance, and it spares a pasted
    /// blob of non-ASCII or invalid UTF-8 the cost of Unicode case folding and character counting.
    package static func plausible(for word: String, among candidates: [String]) -> String? {
        guard word.utf8.count <= 2 * (candidates.map(\.utf8.count).max() ?? 0) + 8 else { return nil }
        let folded = word.lowercased()
        let length = folded.count
        let allowance = max(2, word.count / 3)
        let reachable = candidates.filter { abs($0.lowercased().count - length) <= allowance }
        guard let candidate = closest(to: word, among: reachable) else { return nil }
        return editDistance(folded, candidate.lowercased()) <= allowance ? candidate : nil
    }

    /// Insertions, deletions and substitutions of characters needed to turn `lhs` into `rhs`.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let source = Array(lhs)
        let target = Array(rhs)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
