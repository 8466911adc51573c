/// What a rule checks: one file's code tokens and their structure.
package struct ScannedFile: Sendable {
    let stream: TokenStream
    let structure: SourceStructure
    /// What several rules ask of this file, made once.
    let shared = SharedFileAnalyses()

    init(_ stream: TokenStream) {
        self.stream = stream
        structure = SourceStructure(stream)
    }

    init(bytes: [UInt8], language: SourceLanguage) {
        self.init(TokenStream(bytes: bytes, language: language))
    }

    var language: SourceLanguage { stream.language }

    /// The type spans grouped by type name (a class, its extensions…), names in first-seen order.
    /// Grouped once: files with many types must not cost a scan per type.
    func typeSpansByName() -> [(name: String, spans: [TypeSpan])] {
        shared.typeSpansByName(making: groupTypeSpansByName)
    }

    private func groupTypeSpansByName() -> [(name: String, spans: [TypeSpan])] {
        var order: [String] = []
        var spansByName: [String: [TypeSpan]] = [:]
        for type in structure.types {
            let name = stream.text(type.name)
            if spansByName[name] == nil { order.append(name) }
            spansByName[name, default: []].append(type)
        }
        return order.map { ($0, spansByName[$0] ?? []) }
    }

    /// The blocks open at each token, found once a file: rules ask for the blocks around many tokens.
    func openBraces() -> OpenBraces {
        shared.openBraces { OpenBraces(stream, partners: structure.partners) }
    }

    /// Indices of the tokens spelled `word`, in order.
    func occurrences(of word: Word) -> [Int] {
        guard stream.presentWords.contains(word) else { return [] }
        return stream.wordTokens.lazy.map(Int.init).filter { stream.tokens[$0].word == word }
    }

    /// Indices of the tokens spelled with any of `words`, in order.
    func occurrences(of words: WordSet) -> [Int] {
        guard stream.presentWords.intersects(words) else { return [] }
        return stream.wordTokens.lazy.map(Int.init).filter { index in
            stream.tokens[index].word.map { words.contains($0) } ?? false
        }
    }

    /// Like `occurrences(of:)`, keeping only the first on each line.
    func firstOccurrencesPerLine(of words: WordSet) -> [Int] {
        var lastLine: Int32 = 0
        return occurrences(of: words).filter { index in
            defer { lastLine = stream[index].line }
            return stream[index].line != lastLine
        }
    }

    /// True when a token in `range` is one of `words`.
    func range(_ range: Range<Int>, contains words: WordSet) -> Bool {
        range.contains { index in stream.tokens[index].word.map { words.contains($0) } ?? false }
    }
}
