/// Finds `registerClass` in files that build sessions from configurations without protocolClasses.
struct URLProtocolRegisterNotAppliedRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-register-not-applied",
        defaultSeverity: .note,
        summary: "registerClass of a URLProtocol where sessions are built from custom configurations without setting their protocolClasses.",
        rationale: "registerClass only reaches NSURLConnection and the shared session; sessions built from a "
            + "configuration never see the protocol.",
        replacement: "add the class to the configuration's protocolClasses (insert at index 0)",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                [NSURLProtocol registerClass:[CachingProtocol class]];
                NSURLSession *s = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]];
                """),
            RuleExample(.swift, """
                URLProtocol.registerClass(CachingProtocol.self)
                let session = URLSession(configuration: .ephemeral)
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                URLProtocol.registerClass(CachingProtocol.self)
                let data = try await URLSession.shared.data(from: url)
                """),
            RuleExample(.swift, """
                URLProtocol.registerClass(CachingProtocol.self)
                let configuration = URLSessionConfiguration.default
                configuration.protocolClasses?.insert(CachingProtocol.self, at: 0)
                let session = URLSession(configuration: configuration)
                """),
        ])

    static let requiredWords = WordSet([.registerClass])
    /// Says what the registration misses, which the inventory's line does not.
    static let foldedRules: Set<String> = ["urlprotocol-inventory"]

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        guard !stream.presentWords.contains(.protocolClasses), !SessionCreation.all(in: file).isEmpty else { return [] }
        return file.occurrences(of: .registerClass).compactMap { index in
            let receiver = stream.language == .swift ? (stream.isPunctuation(index - 1, ".") ? index - 2 : -1) : index - 1
            guard stream.isWord(receiver, .URLProtocol) || stream.isWord(receiver, .NSURLProtocol) else { return nil }
            return RuleMatch(
                token: index,
                finding: "registerClass does not reach sessions built from configurations in this file", advice: .sentence(Self.description.replacement))
        }
    }
}
