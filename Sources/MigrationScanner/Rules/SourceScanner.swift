/// Runs the rules over one file's bytes.
///
/// A byte-level prefilter skips files that mention no name a rule needs; otherwise one
/// lexing pass, then only the rules whose names occur as tokens. The structure
/// (declarations, brackets) is built only when at least one rule can match.
///
/// Only the rules are applied: configuration (severity overrides, `--min-severity`), suppression
/// comments and baselines are the command's business, not the scanner's. A scanner is immutable
/// and `Sendable`: one instance may be shared and called from any number of threads at once. It
/// retains only its selected rules and their name prefilter, never a scanned file.
public struct SourceScanner: Sendable {
    private let rules: [any Rule]
    /// Every name some selected rule requires, and the literals the caller asked about: a file
    /// containing none is not lexed.
    private let prefilter: NamePrefilter

    /// Scans with the rules whose ids are in `ruleIDs` (all rules when nil).
    ///
    /// - Parameter ruleIDs: Ids from `RuleCatalog.descriptions`; unknown ids are ignored, and an
    ///   empty set selects no rule, so every scan returns no findings.
    public init(ruleIDs: Set<String>? = nil) {
        self.init(ruleIDs: ruleIDs, alsoLookingFor: [])
    }

    /// Scans as `init(ruleIDs:)` does, its prefilter looking for `literals` (at least four bytes
    /// each) beside the rules' names, so that `scanned(_:language:path:)` returning nil also says
    /// none of them occurs: the command passes the suppression marker, and reads no file twice to
    /// learn that most have none.
    package init(ruleIDs: Set<String>?, alsoLookingFor literals: [String]) {
        rules = RuleCatalog.rules.filter { rule in ruleIDs?.contains(type(of: rule).description.id) ?? true }
        prefilter =
            ruleIDs == nil && literals.isEmpty
            ? Self.allRulesPrefilter : NamePrefilter(names: Self.requiredNames(of: rules) + literals)
    }

    private static let allRulesPrefilter = NamePrefilter(names: requiredNames(of: RuleCatalog.rules))

    /// The names some rule requires, each once, sorted: a file that contains none of them is not
    /// lexed. The benchmark has ripgrep search for the same names.
    package static var requiredNames: [String] { requiredNames(of: RuleCatalog.rules) }

    private static func requiredNames(of rules: [any Rule]) -> [String] {
        // Each rule's set read once: read per word through the existential, it would be a large
        // share of the command's start.
        let required = rules.map { type(of: $0).requiredWords }
        return Word.allCases.filter { word in required.contains { $0.contains(word) } }.map(\.spelling).sorted()
    }

    /// The findings in one file, in source order; `path` is copied into each finding.
    ///
    /// Runs synchronously on the caller's thread and does no I/O; `bytes` is not retained after
    /// the call returns. Findings in inactive `#if` regions are reported as `.note`.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, UTF-8 encoded.
    ///   - language: The language to lex the bytes as.
    ///   - path: The path to put in each finding, usually relative to the scanned root.
    /// - Returns: The findings sorted by line, column and rule id; at most one per token, except
    ///   where rules that do not fold into one another match the same token.
    public func scan(_ bytes: [UInt8], language: SourceLanguage, path: String) -> [Finding] {
        scanned(bytes, language: language, path: path)?.findings ?? []
    }

    /// What `scan(_:language:path:)` returns, with the lexer's line starts, or nil when the
    /// prefilter found in `bytes` none of the rules' names and none of the literals given to
    /// `init(ruleIDs:alsoLookingFor:)`.
    package func scanned(_ bytes: [UInt8], language: SourceLanguage, path: String) -> ScannedSource? {
        guard prefilter.mayMatch(bytes) else { return nil }
        guard !rules.isEmpty else { return ScannedSource(findings: []) }
        let stream = TokenStream(bytes: bytes, language: language)
        return scanned(stream, path: path) { ScannedFile(stream) }
    }

    /// `scan(_:language:path:)` of a file already lexed and structured.
    package func scan(_ file: ScannedFile, path: String) -> [Finding] {
        guard prefilter.mayMatch(file.stream.bytes), !rules.isEmpty else { return [] }
        return scanned(file.stream, path: path) { file }.findings
    }

    /// The findings in `stream`, whose structure `file` makes only when a rule needs it.
    private func scanned(_ stream: TokenStream, path: String, file: () -> ScannedFile) -> ScannedSource {
        let language = stream.language
        let applicable = rules.filter { stream.presentWords.intersects(type(of: $0).requiredWords) }
        guard !applicable.isEmpty else { return ScannedSource(findings: []) }
        let file = file()
        var findings: [Finding] = []
        var findingTokens: [Int] = []
        for rule in applicable {
            let description = type(of: rule).description
            var reported: Set<Int> = []
            for match in rule.check(file) where reported.insert(match.token).inserted {
                let token = stream[match.token]
                var severity = match.severity ?? description.defaultSeverity
                if token.isInactive { severity = .note }
                var advice = (message: match.message(), replacement: description.replacement)
                if language == .objectiveC,
                   let objectiveC = ObjectiveCAdvice.message(of: match, ruleAdvice: type(of: rule).objectiveCAdvice) {
                    advice = objectiveC
                }
                findings.append(Finding(
                    ruleID: description.id, severity: severity, path: path, line: Int(token.line),
                    column: 0, endColumn: 0, message: advice.message, replacement: advice.replacement))
                findingTokens.append(match.token)
            }
        }
        // In token order, so each line is read once however many findings it has.
        var cursor = LexingSummary.ColumnCursor()
        for index in findings.indices.sorted(by: { findingTokens[$0] < findingTokens[$1] }) {
            let column = stream.column(findingTokens[index], cursor: &cursor)
            findings[index].column = column
            findings[index].endColumn = stream.endColumn(findingTokens[index], startColumn: column)
        }
        let sorted = Self.foldingSameSite(findings, rules: applicable)
            .sorted { ($0.line, $0.column, $0.ruleID) < ($1.line, $1.column, $1.ruleID) }
        return ScannedSource(findings: sorted, lineStarts: sorted.isEmpty ? nil : stream.lineFeedLineStarts)
    }

    /// One finding per site: a finding whose token also carries a finding of a rule that folds its
    /// rule (`Rule.foldedRules`) is dropped.
    private static func foldingSameSite(_ findings: [Finding], rules: [any Rule]) -> [Finding] {
        var folded: [String: Set<String>] = [:]
        for rule in rules where !type(of: rule).foldedRules.isEmpty {
            folded[type(of: rule).description.id] = type(of: rule).foldedRules
        }
        guard !folded.isEmpty else { return findings }
        struct Site: Hashable { var line: Int; var column: Int }
        var foldedAtSite: [Site: Set<String>] = [:]
        for finding in findings {
            if let rules = folded[finding.ruleID] {
                foldedAtSite[Site(line: finding.line, column: finding.column), default: []].formUnion(rules)
            }
        }
        return findings.filter { finding in
            !(foldedAtSite[Site(line: finding.line, column: finding.column)]?.contains(finding.ruleID) ?? false)
        }
    }
}
