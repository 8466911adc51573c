/// One place in one file where a rule matched.
///
/// Lines and columns are 1-based. Columns count Unicode scalars (one per UTF-8
/// encoded character), the way editors and the clang/Xcode diagnostic format count.
///
/// A plain value: `Sendable`, safe to pass between and read from any thread; it retains only its
/// strings. `Codable` for callers that store findings; the tool's JSON and SARIF reports use
/// their own documented layouts, not this encoding.
public struct Finding: Sendable, Hashable, Codable {
    /// The rule's stable id, e.g. `nsurlconnection-create`.
    public var ruleID: String
    /// The severity after configuration and inactive-region demotion were applied.
    public var severity: Severity
    /// The file's path relative to the scanned root, with `/` separators.
    public var path: String
    /// The 1-based line of the token that made the finding.
    public var line: Int
    /// The 1-based column, in Unicode scalars, where that token starts.
    public var column: Int
    /// The column just past the token that made the finding.
    public var endColumn: Int
    /// What was found, naming the replacement.
    public var message: String
    /// The API or change that replaces the legacy construct.
    public var replacement: String

    /// Creates a finding from its parts; nothing is validated or normalised.
    ///
    /// - Parameters:
    ///   - ruleID: The rule's stable id, e.g. `nsurlconnection-create`.
    ///   - severity: The severity to report.
    ///   - path: The file's path relative to the scanned root, with `/` separators.
    ///   - line: The 1-based line.
    ///   - column: The 1-based start column, in Unicode scalars.
    ///   - endColumn: The column just past the matched token.
    ///   - message: What was found.
    ///   - replacement: The API or change that replaces the legacy construct.
    public init(
        ruleID: String, severity: Severity, path: String, line: Int, column: Int, endColumn: Int,
        message: String, replacement: String
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.endColumn = endColumn
        self.message = message
        self.replacement = replacement
    }
}
