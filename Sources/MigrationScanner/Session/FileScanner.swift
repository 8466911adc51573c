/// Scans one file's bytes: `SourceScanner.scanned(_:language:path:)` in the tool, a stand-in in tests.
///
/// Nil when the bytes hold no suppression marker (`migrate-scan:`) and nothing a rule can match,
/// which the tool's prefilter learns in the one pass that rules out most files: the session then
/// looks for no suppression comment. A stand-in that returns findings is asked about comments.
/// Called once per file, possibly from several threads at once, hence `@Sendable`.
package typealias FileScanner = @Sendable (_ bytes: [UInt8], _ language: SourceLanguage, _ path: String) -> ScannedSource?
