/// How much a finding matters. Ordered: `note < warning < error`.
///
/// The raw values (`note`, `warning`, `error`) are the spellings used on the command line, in
/// configuration files and in reports. A plain `Sendable` value, usable from any thread.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The lowest severity; findings in inactive `#if` regions are demoted to it.
    case note
    /// The middle severity.
    case warning
    /// The highest severity.
    case error

    /// Whether `lhs` is less severe than `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: A severity.
    ///   - rhs: Another severity.
    /// - Returns: `true` when `lhs` ranks below `rhs` in `note < warning < error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}
