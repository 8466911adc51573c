/// What `migrate-scan` does with one file, in memory: the scan as a session runs it (every rule,
/// suppression comments, fingerprints), its JSON report, and the `--fix` edits of every target
/// (the shim, `--to urlsession`, Objective-C to NSURLSession) with their `--diff`.
///
/// For `scanner-fuzz`, which checks these outputs against each other on millions of mutated files:
/// one file on disk and one process per file would cost a thousand times the scan. Immutable and
/// `Sendable`; every call runs synchronously on the caller's thread and retains nothing it is given.
package struct SingleFileRun: Sendable {
    private let session: ScanSession

    /// The configuration of a scan without a configuration file: every rule, suppression comments
    /// honoured, findings down to notes.
    package init() {
        let ruleIDs = RuleCatalog.descriptions.map(\.id) + SuppressionRules.ids
        var configuration = ScanConfiguration(root: "/", paths: [])
        configuration.suppressions = SuppressionSettings(knownRuleIDs: Set(ruleIDs), activeRuleIDs: Set(ruleIDs))
        configuration.countsLines = false
        session = ScanSession(configuration: configuration, scanner: ScanSession.sourceScanner(nil))
    }

    /// The file's findings in report order, and the JSON report (`--format json`) of a scan of it alone,
    /// as if read from disk: a binary file is skipped with a note.
    package func scan(_ bytes: [UInt8], language: SourceLanguage, path: String) -> (findings: [Finding], json: String) {
        let file = DiscoveredFile(
            absolutePath: path, displayPath: path, language: language, isExplicit: true)
        let report = session.merge([session.scan(SourceFileLoader.outcome(ofRead: bytes), of: file)])
        return (report.findings.map(\.finding), JSONReporter().format(report))
    }

    /// The edits `--fix` (with `--to target`) makes to a file alone, in file order, through the
    /// command's own path (`Migrator`); empty when it would leave the file alone (a
    /// binary file, which `--fix` skips; edits that conflict, which it reports and does not write;
    /// a Swift 2 file, which it notes).
    package func fixEdits(_ bytes: [UInt8], language: SourceLanguage = .swift, target: FixTarget = .shim) -> [SourceEdit] {
        guard case .apply(let edits) = fixDecision(bytes, language: language, target: target) else { return [] }
        return edits
    }

    /// The line `--fix` and `--diff` (with `--to target`) print on standard output for a Swift file
    /// they leave alone as Swift 2; nil for any other file.
    package func swift2Note(_ bytes: [UInt8], path: String, target: FixTarget = .shim) -> String? {
        guard case .leftAsSwift2(let marker) = fixDecision(bytes, language: .swift, target: target) else { return nil }
        return marker.note(displayPath: path)
    }

    private func fixDecision(_ bytes: [UInt8], language: SourceLanguage, target: FixTarget) -> FixDecision? {
        guard case .source = SourceFileLoader.outcome(ofRead: bytes) else { return nil }
        // The file alone: the Objective-C survey is of this file, as `--fix` on it alone surveys it.
        let migrator = Migrator(target: target, objectiveCSources: language == .objectiveC ? [bytes] : [])
        return migrator.migrate(bytes, language: language).decision
    }

    /// The bytes `--diff` prints for those edits: empty when they change nothing.
    package func diff(path: String, original: [UInt8], edits: [SourceEdit]) -> [UInt8] {
        UnifiedDiff(path: path, original: original, edits: edits).render()
    }
}
