/// Finds `protocolClasses` being replaced by a literal list.
struct URLProtocolClassesReplacedRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-classes-replaced",
        defaultSeverity: .note,
        summary: "Assigns a literal list to protocolClasses.",
        rationale: "It drops the system's protocol classes and hides every other registered protocol.",
        replacement: "insert the class at index 0 of the existing protocolClasses",
        triggeringExamples: [
            RuleExample(.swift, "configuration.protocolClasses = [CachingProtocol.self]"),
            RuleExample(.objectiveC, "config.protocolClasses = @[[CachingProtocol class]];"),
            RuleExample(.objectiveC, "[config setProtocolClasses:@[[CachingProtocol class]]];"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "configuration.protocolClasses?.insert(CachingProtocol.self, at: 0)"),
            RuleExample(.swift, "configuration.protocolClasses = [CachingProtocol.self] + (configuration.protocolClasses ?? [])"),
            RuleExample(.swift, "if configuration.protocolClasses == [] { }"),
            RuleExample(.objectiveC, "NSMutableArray *classes = [config.protocolClasses mutableCopy];"),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 2, judged: 2, correct: 2, trueSites: 2, reportedSites: 2)

    static let requiredWords = WordSet([.protocolClasses, .setProtocolClasses])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        return file.occurrences(of: Self.requiredWords).compactMap { index in
            let valueStart: Int
            if stream.isWord(index, .setProtocolClasses) {
                guard stream.isPunctuation(index + 1, ":") else { return nil }
                valueStart = index + 2
            } else {
                guard stream.isAssignment(index + 1) else { return nil }
                valueStart = index + 2
            }
            let open = stream.isPunctuation(valueStart, "@") ? valueStart + 1 : valueStart
            guard stream.isPunctuation(open, "["), stream.language == .swift || open == valueStart + 1,
                  let close = file.structure.partner(open) else { return nil }
            if stream.isPunctuation(close + 1, "+") { return nil }
            return RuleMatch(
                token: index,
                finding: "protocolClasses replaced by a literal list drops the system's classes", advice: .sentence(Self.description.replacement))
        }
    }
}
