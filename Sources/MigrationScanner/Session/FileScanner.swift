/// Scans one file's bytes: `SourceScanner.scan` in the tool, a stand-in in tests.
///
/// Called once per file, possibly from several threads at once, hence `@Sendable`.
typealias FileScanner = @Sendable (_ bytes: [UInt8], _ language: SourceLanguage, _ path: String) -> [Finding]
