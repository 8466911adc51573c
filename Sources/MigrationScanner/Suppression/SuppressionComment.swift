/// A comment that starts with `migrate-scan:` but does not parse, kept so it can be reported.
struct SuppressionComment: Sendable, Hashable {
    /// The parsed directive, or nil when the comment is malformed.
    var directive: SuppressionDirective?
    /// Why a malformed comment was not understood.
    var problem: String?
    package var line: Int
    package var column: Int
    var endColumn: Int
}
