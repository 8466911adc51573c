/// The names the URLSession emitter gives the parameters a moved method gains (`session`,
/// `completionHandler`, `error`, a name for an unnamed task): the usual one, unless the moved
/// body reads that name. It then means a member of the class (or a global) that the parameter
/// would take the place of, silently, so the parameter gets another name.
struct EmittedParameterNames {
    /// The names the bodies read, not after a `.`, other than their own methods' parameters.
    private let taken: Set<String>

    /// `bodies` are the moved bodies (token ranges), `parameters` the names their methods declare.
    init(stream: TokenStream, bodies: [Range<Int>], parameters: Set<String>) {
        var taken: Set<String> = []
        for index in bodies.joined() where stream.isIdentifier(index) && !stream.isPunctuation(index - 1, ".") {
            taken.insert(stream.text(index))
        }
        self.taken = taken.subtracting(parameters)
    }

    /// `preferred`, or the first of `urlSession`/`sessionName` and their numbered forms that no body reads.
    package func name(_ preferred: String) -> String {
        guard taken.contains(preferred) else { return preferred }
        let alternative = preferred == "session" ? "urlSession" : "session" + preferred.prefix(1).uppercased() + preferred.dropFirst()
        var candidate = alternative
        var number = 2
        while taken.contains(candidate) {
            candidate = alternative + String(number)
            number += 1
        }
        return candidate
    }
}
