/// One place in one file where a rule matched.
///
/// Lines and columns are 1-based. Columns count Unicode scalars (one per UTF-8
/// encoded character), the way editors and the clang/Xcode diagnostic format count.
public struct Finding: Sendable, Hashable, Codable {
    /// The rule's stable id, e.g. `nsurlconnection-create`.
    public var ruleID: String
    /// The severity after configuration and inactive-region demotion were applied.
    public var severity: Severity
    /// The file's path relative to the scanned root, with `/` separators.
    public var path: String
    public var line: Int
    public var column: Int
    /// The column just past the token that made the finding.
    public var endColumn: Int
    /// What was found, naming the replacement.
    public var message: String
    /// The API or change that replaces the legacy construct.
    public var replacement: String

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
