/// For every token, the `{` whose block is still open there (opened before it, not closed
/// before it), found in one pass: the blocks around a token are a chain of lookups instead of a
/// walk back over the code before it, which made a body with thousands of calls quadratic.
struct OpenBraces: Sendable {
    /// For each token, the innermost `{` open before it, or -1. For a `{`, that is the block around it.
    private let innermost: [Int32]

    init(_ stream: TokenStream, partners: [Int32]) {
        var innermost = [Int32](repeating: -1, count: stream.count)
        var open: [Int32] = []
        for index in 0..<stream.count {
            innermost[index] = open.last ?? -1
            if stream.isPunctuation(index, "{") {
                open.append(Int32(index))
            } else if stream.isPunctuation(index, "}"), partners[index] >= 0,
                      let opener = open.lastIndex(of: partners[index]) {
                // Braces left open inside the block (malformed code) close with it.
                open.removeSubrange(opener...)
            }
        }
        self.innermost = innermost
    }

    /// The `{` of the blocks open at `token` from `lowerBound` on, innermost first.
    func around(_ token: Int, from lowerBound: Int) -> [Int] {
        var braces: [Int] = []
        var brace = Int(innermost[token])
        while brace >= lowerBound {
            braces.append(brace)
            brace = Int(innermost[brace])
        }
        return braces
    }
}
