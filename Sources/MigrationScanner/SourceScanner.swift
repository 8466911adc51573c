/// Runs the rules over one file's bytes.
///
/// A byte-level prefilter skips files that mention no name a rule needs; otherwise one
/// lexing pass, then only the rules whose names occur as tokens. The structure
/// (declarations, brackets) is built only when at least one rule can match.
public struct SourceScanner: Sendable {
    private let rules: [any Rule]
    /// Every name some selected rule requires: a file containing none is not lexed.
    private let prefilter: NamePrefilter

    /// Scans with the rules whose ids are in `ruleIDs` (all rules when nil).
    public init(ruleIDs: Set<String>? = nil) {
        rules = RuleCatalog.rules.filter { rule in ruleIDs?.contains(type(of: rule).description.id) ?? true }
        prefilter = ruleIDs == nil ? Self.allRulesPrefilter : Self.prefilter(for: rules)
    }

    private static let allRulesPrefilter = prefilter(for: RuleCatalog.rules)

    private static func prefilter(for rules: [any Rule]) -> NamePrefilter {
        let names = rules.flatMap { rule in Word.allCases.filter { type(of: rule).requiredWords.contains($0) } }
        return NamePrefilter(names: names.map(\.spelling))
    }

    /// The findings in one file, in source order; `path` is copied into each finding.
    public func scan(_ bytes: [UInt8], language: SourceLanguage, path: String) -> [Finding] {
        guard !rules.isEmpty, prefilter.mayMatch(bytes) else { return [] }
        let stream = TokenStream(bytes: bytes, language: language)
        let applicable = rules.filter { stream.presentWords.intersects(type(of: $0).requiredWords) }
        guard !applicable.isEmpty else { return [] }
        let file = ScannedFile(stream)
        var findings: [Finding] = []
        for rule in applicable {
            let description = type(of: rule).description
            var reported: Set<Int> = []
            for match in rule.check(file) where reported.insert(match.token).inserted {
                let token = stream[match.token]
                var severity = match.severity ?? description.defaultSeverity
                if token.isInactive { severity = .note }
                findings.append(Finding(
                    ruleID: description.id, severity: severity, path: path, line: Int(token.line),
                    column: Int(token.column), endColumn: stream.endColumn(match.token), message: match.message,
                    replacement: description.replacement))
            }
        }
        return findings.sorted { ($0.line, $0.column, $0.ruleID) < ($1.line, $1.column, $1.ruleID) }
    }
}
