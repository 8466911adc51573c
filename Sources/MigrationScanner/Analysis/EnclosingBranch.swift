/// The `if` / `else` block around a token: its condition and the branches before it in the same
/// `if … else if … else` chain. Both languages: Objective-C conditions are parenthesised, Swift
/// ones run from `if` to the brace.
struct EnclosingBranch {
    /// The tokens of this branch's condition; empty for a plain `else`.
    var condition: Range<Int>
    /// The conditions of the branches before this one in its chain, nearest first.
    var earlierConditions: [Range<Int>]

    /// The branches enclosing `token`, innermost first, up to the start of `body`.
    static func all(around token: Int, within body: Range<Int>, in file: ScannedFile) -> [EnclosingBranch] {
        file.openBraces().around(token, from: body.lowerBound).compactMap { branch(opening: $0, within: body, in: file) }
    }

    /// The branch whose block opens at `open`, or nil when the block is not an `if` or `else`.
    private static func branch(opening open: Int, within body: Range<Int>, in file: ScannedFile) -> EnclosingBranch? {
        let stream = file.stream
        if stream.isWord(open - 1, .else) {
            // `guard condition else { … }`: the block runs when the condition failed.
            if let guardKeyword = keyword(.guard, before: open - 1, within: body, in: file) {
                return EnclosingBranch(condition: open..<open, earlierConditions: [guardKeyword + 1..<open - 1])
            }
            return EnclosingBranch(condition: open..<open, earlierConditions: earlierConditions(beforeElse: open - 1, in: file))
        }
        guard let keyword = ifKeyword(before: open, within: body, in: file) else { return nil }
        let earlier = stream.isWord(keyword - 1, .else) ? earlierConditions(beforeElse: keyword - 1, in: file) : []
        return EnclosingBranch(condition: keyword + 1..<open, earlierConditions: earlier)
    }

    /// The `if` that the block opening at `open` belongs to: the condition between them holds no
    /// statement boundary outside brackets.
    private static func ifKeyword(before open: Int, within body: Range<Int>, in file: ScannedFile) -> Int? {
        keyword(.if, before: open, within: body, in: file)
    }

    /// The `if` or `guard` (`word`) whose condition runs up to `end` without a statement boundary
    /// outside brackets.
    private static func keyword(_ word: Word, before end: Int, within body: Range<Int>, in file: ScannedFile) -> Int? {
        let stream = file.stream
        var index = end - 1
        while index >= body.lowerBound {
            if stream.isWord(index, word) { return index }
            // A brace or `;` ends the statement before; a Swift condition cannot hold a trailing closure.
            if stream.isPunctuation(index, ";") || stream.isPunctuation(index, "{") || stream.isPunctuation(index, "}")
                || stream.word(index).map(statementKeywords.contains) == true {
                return nil
            }
            if let partner = file.structure.partner(index), partner < index {
                index = partner - 1
            } else {
                index -= 1
            }
        }
        return nil
    }

    /// Words that start a statement other than `if` or `guard`, so a condition never spans them.
    private static let statementKeywords = WordSet([.else, .if, .guard, .while, .for, .switch, .return, .do, .repeat])

    /// The conditions of the chain that the `else` at `elseToken` continues, nearest first.
    private static func earlierConditions(beforeElse elseToken: Int, in file: ScannedFile) -> [Range<Int>] {
        let stream = file.stream
        var conditions: [Range<Int>] = []
        var closing = elseToken - 1
        while stream.isPunctuation(closing, "}"), let open = file.structure.partner(closing), open < closing,
              let keyword = ifKeyword(before: open, within: 0..<open, in: file) {
            conditions.append(keyword + 1..<open)
            guard stream.isWord(keyword - 1, .else) else { break }
            closing = keyword - 2
        }
        return conditions
    }
}
