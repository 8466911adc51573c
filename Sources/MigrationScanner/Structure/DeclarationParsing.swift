/// What the Swift and Objective-C declaration parsers share: the code tokens and each
/// bracket's partner (from `BracketMatcher`).
protocol DeclarationParsing {
    var stream: TokenStream { get }
    /// For each token, the index of the bracket that closes or opens it; -1 for none.
    var partners: [Int32] { get }
}

extension DeclarationParsing {
    /// The matching bracket of the bracket at `index`, if it has one.
    func partner(_ index: Int) -> Int? {
        guard index >= 0 && index < partners.count, partners[index] >= 0 else { return nil }
        return Int(partners[index])
    }

    /// An identifier or keyword: what can name a type, a method or a selector part.
    func isName(_ index: Int) -> Bool {
        index >= 0 && index < stream.count && (stream[index].kind == .identifier || stream[index].kind == .keyword)
    }
}
