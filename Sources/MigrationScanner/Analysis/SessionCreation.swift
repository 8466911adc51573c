/// A URLSession built with a configuration: `[NSURLSession sessionWithConfiguration:…]` or
/// `URLSession(configuration:…)`, and its delegate arguments.
struct SessionCreation {
    /// `sessionWithConfiguration` or the `URLSession` type name.
    var token: Int
    /// The token after `delegate:`.
    var delegateArgument: Int?
    /// The `delegateQueue` label.
    var delegateQueueLabel: Int?
    var delegateQueueIsNil: Bool

    /// True when a delegate other than `nil` is passed.
    var hasDelegate: Bool

    static func all(in file: ScannedFile) -> [SessionCreation] {
        let stream = file.stream
        var creations: [SessionCreation] = []
        switch stream.language {
        case .objectiveC:
            let calls = file.occurrences(of: .sessionWithConfiguration).filter { index in
                stream.isPunctuation(index + 1, ":") && stream.isPunctuation(index - 2, "[")
            }
            for (position, index) in calls.enumerated() {
                let close = file.structure.partner(index - 2) ?? end(ofUnclosed: position, among: calls, in: stream)
                creations.append(arguments(of: index, from: index, to: close, in: file))
            }
        case .swift:
            let calls = file.occurrences(of: WordSet([.URLSession, .NSURLSession])).filter { index in
                stream.isPunctuation(index + 1, "(") && stream.isWord(index + 2, .configuration)
            }
            for (position, index) in calls.enumerated() {
                let close = file.structure.partner(index + 1) ?? end(ofUnclosed: position, among: calls, in: stream)
                creations.append(arguments(of: index, from: index + 2, to: close, in: file))
            }
        }
        return creations
    }

    /// Where the arguments of a call left unclosed (a half-edited file) end: at the next creation, not
    /// at the file's end, or a line of such calls would be read to its end once per call.
    private static func end(ofUnclosed position: Int, among calls: [Int], in stream: TokenStream) -> Int {
        position + 1 < calls.count ? calls[position + 1] : stream.count
    }

    /// Reads `delegate:` and `delegateQueue:` arguments at the top level of one call.
    private static func arguments(of token: Int, from start: Int, to end: Int, in file: ScannedFile) -> SessionCreation {
        let stream = file.stream
        var creation = SessionCreation(
            token: token, delegateArgument: nil, delegateQueueLabel: nil, delegateQueueIsNil: false, hasDelegate: false)
        var index = start
        while index < end {
            if let partner = file.structure.partner(index), partner > index {
                index = partner + 1
                continue
            }
            if stream.isPunctuation(index + 1, ":") {
                if stream.isWord(index, .delegate) {
                    creation.delegateArgument = index + 2
                    creation.hasDelegate = !isNil(index + 2, in: stream)
                } else if stream.isWord(index, .delegateQueue) {
                    creation.delegateQueueLabel = index
                    creation.delegateQueueIsNil = isNil(index + 2, in: stream)
                }
            }
            index += 1
        }
        return creation
    }

    /// `nil` as a whole argument, not the start of an expression: followed by `,`, `)`, `]`, or
    /// in Objective-C by the next selector piece (`delegate:nil delegateQueue:…`).
    private static func isNil(_ index: Int, in stream: TokenStream) -> Bool {
        guard stream.isWord(index, .nil) else { return false }
        if stream.isPunctuation(index + 1, ",") || stream.isPunctuation(index + 1, ")") || stream.isPunctuation(index + 1, "]") {
            return true
        }
        return stream.language == .objectiveC && stream.isIdentifier(index + 1) && stream.isPunctuation(index + 2, ":")
    }

    /// The variable or property the session is assigned to (`_session = [NSURLSession …]`,
    /// `self.session = URLSession(…)`), or nil when it is not the right side of an assignment.
    func assignedName(in stream: TokenStream) -> Int? {
        let equals = stream.language == .objectiveC ? token - 3 : token - 1
        guard stream.language == .swift || stream.isPunctuation(token - 2, "["), stream.isAssignment(equals),
              stream.isIdentifier(equals - 1) else { return nil }
        return equals - 1
    }
}
