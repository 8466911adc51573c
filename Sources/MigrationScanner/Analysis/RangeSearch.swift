/// `ScannedFile.range(_:contains:)` for one set of words, remembered per range: a rule that asks the
/// same question of the same body for every call in it reads that body once.
struct RangeSearch {
    let file: ScannedFile
    let words: WordSet
    private var answers: [Range<Int>: Bool] = [:]

    init(file: ScannedFile, words: WordSet) {
        self.file = file
        self.words = words
    }

    /// True when a token in `range` is one of `words`.
    mutating func contains(_ range: Range<Int>) -> Bool {
        if let known = answers[range] { return known }
        let answer = file.range(range, contains: words)
        answers[range] = answer
        return answer
    }
}
