/// Reads how a Swift challenge method (`connection(_:willSendRequestFor:)`, or the older
/// `connection(_:didReceive:)` for a challenge) answers: each call through `challenge.sender`
/// and the URLSession disposition it becomes, so the Swift URLSession emitter can call the
/// completion handler instead (`ChallengeAnswerCatalogue`).
struct SwiftChallengeAnswerReader {
    let file: ScannedFile
    private var stream: TokenStream { file.stream }

    init(file: ScannedFile) {
        self.file = file
    }

    /// The answers in `method`'s body, in order; nil when the body reads `sender` other than in
    /// `challenge.sender?.use(credential, for: challenge)`-shaped calls (the moved body has no sender).
    func answers(in method: MethodSpan) -> [ConnectionMigrationPlan.ChallengeAnswer]? {
        guard let body = method.body, let challenge = method.parameters.dropFirst().first?.name else { return nil }
        var answers: [ConnectionMigrationPlan.ChallengeAnswer] = []
        for index in body where stream.text(index) == "sender" && stream.isIdentifier(index) {
            guard stream.isPunctuation(index - 1, "."), stream.haveSameText(index - 2, challenge),
                  let answer = answer(sender: index, challenge: challenge) else { return nil }
            answers.append(answer)
        }
        return answers
    }

    /// `challenge.sender?.use(credential, for: challenge)` (also `sender!`, `sender.`, and an
    /// optional requirement's `performDefaultHandling?(for:)`), the `sender` at `index`.
    private func answer(sender index: Int, challenge: Int) -> ConnectionMigrationPlan.ChallengeAnswer? {
        var dot = index + 1
        if stream.isPunctuation(dot, "?") || stream.isPunctuation(dot, "!") { dot += 1 }
        let name = dot + 1
        guard stream.isPunctuation(dot, "."), let disposition = ChallengeAnswerCatalogue.bySwiftMethod[stream.text(name)]?.swiftDisposition else { return nil }
        let open = stream.isPunctuation(name + 1, "?") ? name + 2 : name + 1
        guard stream.isPunctuation(open, "("), let close = file.structure.partner(open) else { return nil }
        var credential: ClosedRange<Int>?
        if stream.text(name) == "use" {
            // `for` is a keyword, so not among CreationArguments' labels; the outer one is the last.
            guard let label = (open + 2..<close).last(where: { stream.text($0) == "for" && stream.isPunctuation($0 + 1, ":")
                      && stream.isPunctuation($0 - 1, ",") }) else { return nil }
            credential = (open + 1)...(label - 2)
        }
        return .init(call: (index - 2)...close, disposition: disposition, credential: credential)
    }
}
