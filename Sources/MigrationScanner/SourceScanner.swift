// PLACEHOLDER owned by the scanner-core work: lexes one file and runs the rules over it.
/// Runs the rules over one file's bytes.
public struct SourceScanner: Sendable {
    /// Scans with the rules whose ids are in `ruleIDs` (all rules when nil).
    public init(ruleIDs: Set<String>? = nil) {}

    /// The findings in one file, in source order; `path` is copied into each finding.
    public func scan(_ bytes: [UInt8], language: SourceLanguage, path: String) -> [Finding] { [] }
}
