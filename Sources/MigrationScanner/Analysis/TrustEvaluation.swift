/// Whether a server-trust credential is created after the trust was evaluated, and on which
/// outcome of that evaluation.
enum TrustEvaluation {
    /// Where a credential stands relative to the evaluation of the trust it accepts.
    enum Outcome: Equatable {
        /// The method evaluates the trust, and the credential is not on a path where it failed.
        case evaluated
        /// No evaluation anywhere in the method.
        case notEvaluated
        /// The credential is created on a path where the evaluation failed.
        case acceptedAfterFailure
        /// The credential is created in a branch taken when the flag at this token, whose name
        /// says it lets any certificate through (`allowsInvalidSSLCertificate`), is set.
        case acceptedWhenAllowed(flag: Int)
    }

    /// `SecTrustResultType` values that mean the trust did not pass.
    private static let failedResults: Set<String> = [
        "kSecTrustResultDeny", "kSecTrustResultRecoverableTrustFailure", "kSecTrustResultFatalTrustFailure",
        "kSecTrustResultOtherError", "kSecTrustResultInvalid", "kSecTrustResultConfirm",
    ]
    /// Words in a helper's name that say it judges what it is given.
    private static let evaluatingVerbs: [StaticString] = ["evaluat", "valid", "verif", "check"]

    /// `SecTrustResultType` values that mean the trust passed.
    private static let passedResults: Set<String> = ["kSecTrustResultProceed", "kSecTrustResultUnspecified"]

    /// Classifies the credential created at `token` inside `body`, a method's body;
    /// `bodyEvaluates` is `evaluates(body, file.stream)`, which a caller with many credentials in
    /// one body reads once (read per credential, a line of thousands of them is quadratic).
    static func outcome(of token: Int, inBody body: Range<Int>, bodyEvaluates: Bool, file: ScannedFile) -> Outcome {
        for branch in EnclosingBranch.all(around: token, within: body, in: file) {
            if failed(branch.condition, file.stream) { return .acceptedAfterFailure }
            if branch.earlierConditions.contains(where: { passed($0, file.stream) }) { return .acceptedAfterFailure }
            if let flag = branch.condition.first(where: {
                isAcceptAnyFlag($0, file.stream) && !isNegated($0, within: branch.condition, file.stream)
            }) {
                return .acceptedWhenAllowed(flag: flag)
            }
        }
        return bodyEvaluates ? .evaluated : .notEvaluated
    }

    /// Whether `body` evaluates a trust anywhere.
    static func evaluates(_ body: Range<Int>, _ stream: TokenStream) -> Bool {
        body.contains { isEvaluation($0, stream) }
    }

    /// A call that evaluates a trust: `SecTrustEvaluate…`, or a helper whose name says it evaluates
    /// (`evaluate…`, `validate…`, `isValid…`, `verify…`, `check…`) and whose name or arguments name
    /// the trust (`[policy evaluateServerTrust:…]`, `policy.evaluate(serverTrust, forHost:)`,
    /// SwiftHTTP's `security.isValid(trust, domain:)`).
    static func isEvaluation(_ index: Int, _ stream: TokenStream) -> Bool {
        guard stream.isIdentifier(index) else { return false }
        guard evaluatingVerbs.contains(where: { stream.textContains(index, lowercased: $0) }) else { return false }
        if stream.textContains(index, lowercased: "trust") { return true }
        let arguments = index + 1..<min(index + 8, stream.count)
        return arguments.contains { stream.isIdentifier($0) && stream.textContains($0, lowercased: "trust") }
    }

    /// Words of a flag's name that say what it lets through, and words that say it is about certificates:
    /// `allowsInvalidSSLCertificate` (AFNetworking 1), `allowInvalidCertificates`, `shouldContinueWithInvalidCertificate`
    /// (MKNetworkKit), `trustAllCertificates`, `acceptsAnyCertificate`, `ignoreSSLErrors`, `disableTLSValidation`.
    private static let permissiveWords: [StaticString] = [
        "invalid", "anycert", "allcert", "trustall", "selfsigned", "insecure", "untrusted", "ignore", "skip", "disable", "bypass",
    ]
    private static let certificateWords: [StaticString] = ["cert", "ssl", "tls", "trust", "insecure", "selfsigned"]

    /// An identifier whose name says it lets unchecked certificates through.
    private static func isAcceptAnyFlag(_ index: Int, _ stream: TokenStream) -> Bool {
        stream.isIdentifier(index)
            && permissiveWords.contains { stream.textContains(index, lowercased: $0) }
            && certificateWords.contains { stream.textContains(index, lowercased: $0) }
    }

    /// The condition names a failed result, or tests an evaluation for failure (`!evaluate…`).
    private static func failed(_ condition: Range<Int>, _ stream: TokenStream) -> Bool {
        condition.contains { index in
            (stream.hasPrefix(index, "kSecTrustResult") && failedResults.contains(stream.text(index)))
                || (isEvaluation(index, stream) && isNegated(index, within: condition, stream))
        }
    }

    /// The condition tests for success: a passed result, or an evaluation that is not negated.
    private static func passed(_ condition: Range<Int>, _ stream: TokenStream) -> Bool {
        condition.contains { index in
            (stream.hasPrefix(index, "kSecTrustResult") && passedResults.contains(stream.text(index)))
                || (isEvaluation(index, stream) && !isNegated(index, within: condition, stream))
        }
    }

    /// A `!` before the call's receiver: `!SecTrustEvaluateWithError(…)`, `![self.policy evaluate…]`.
    private static func isNegated(_ call: Int, within condition: Range<Int>, _ stream: TokenStream) -> Bool {
        var index = call - 1
        while index >= condition.lowerBound {
            if stream.isPunctuation(index, "!") { return true }
            guard stream.isIdentifier(index) || stream.isWord(index, .self) || stream.isPunctuation(index, ".")
                    || stream.isPunctuation(index, "[") || stream.isPunctuation(index, "(") else { return false }
            index -= 1
        }
        return false
    }
}
