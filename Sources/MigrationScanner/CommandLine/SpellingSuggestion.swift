/// The closest valid word to a misspelt one, by Levenshtein edit distance.
public enum SpellingSuggestion {
    /// The candidate with the fewest edits from `word`, ignoring case first (`-Q` is closest to `-q`),
    /// then counting it; the earliest on ties; nil when there are no candidates.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: (Int, Int))?
        for candidate in candidates {
            let distance = (editDistance(word.lowercased(), candidate.lowercased()), editDistance(word, candidate))
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Like `closest`, but nil when even the closest needs edits to more than a third of the word
    /// (at least two allowed): for free-form names, where a far-fetched guess misleads.
    public static func plausible(for word: String, among candidates: [String]) -> String? {
        guard let candidate = closest(to: word, among: candidates) else { return nil }
        return editDistance(word.lowercased(), candidate.lowercased()) <= max(2, word.count / 3) ? candidate : nil
    }

    /// Insertions, deletions and substitutions of characters needed to turn `lhs` into `rhs`.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
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
