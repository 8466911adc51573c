/// The "migration effort" estimate of the HTML report: hours of work per top-level directory.
///
/// The formula (Docs/Scanner.md, "Migration effort"):
///
///     hours(directory) = 0.5 × files with findings
///                      + Σ over sites: 0.1 when `migrate-scan --fix` rewrites it
///                                       (a Swift file and a rule in `fixedRules`, or an
///                                       Objective-C file and a rule in `fixedObjectiveCRules`),
///                                       else 2 for an error, 1 for a warning, 0.25 for a note
///
/// A site is a `FindingGroup`: identical findings of one rule in one file (every mention of a
/// class) are one piece of work, not one per mention. The per-file half hour is reading the file
/// and testing it after the change; fixed findings still cost a review. It is a ranking aid for
/// planning, not a measurement.
struct MigrationEffort: Sendable {
    /// Rules whose Swift findings `--fix` resolves.
    static let fixedRules = RuleCatalog.ids(fixedBy: .swift)
    /// Rules whose Objective-C findings `--fix` resolves when it moves the class to NSURLSession
    /// (a class it refuses costs more than this estimate says; its notes say which).
    static let fixedObjectiveCRules = RuleCatalog.ids(fixedBy: .objectiveC)
    static let hoursPerFile = 0.5
    static let hoursPerFixedFinding = 0.1

    static func hours(for severity: Severity) -> Double {
        switch severity {
        case .error: 2
        case .warning: 1
        case .note: 0.25
        }
    }

    /// One directory's estimate.
    struct Entry: Sendable {
        var directory: String
        var files: Int
        /// Sites that need work: groups of identical findings count once.
        var sites: Int
        var hours: Double
    }

    /// Per top-level directory, most work first (then by name).
    static func estimate(_ findings: [Finding]) -> [Entry] {
        var tally = Tally()
        tally.add(FindingGroup.groups(of: findings))
        return tally.entries
    }

    /// The estimate made site by site, as a streamed report hands over each file's findings.
    struct Tally: Sendable {
        private var byDirectory: [String: (files: Set<String>, sites: Int, hours: Double)] = [:]

        /// Adds `groups`, in report order (the hours are summed in that order).
        mutating func add(_ groups: [FindingGroup]) {
            for group in groups {
                let finding = group.first
                let directory = MigrationEffort.topLevelDirectory(of: finding.path)
                var entry = byDirectory[directory] ?? ([], 0, 0)
                entry.files.insert(finding.path)
                entry.sites += 1
                entry.hours += MigrationEffort.weight(of: finding)
                byDirectory[directory] = entry
            }
        }

        /// Per top-level directory, most work first (then by name).
        var entries: [Entry] {
            byDirectory.map { directory, entry in
                Entry(directory: directory, files: entry.files.count, sites: entry.sites,
                      hours: entry.hours + Double(entry.files.count) * MigrationEffort.hoursPerFile)
            }
            .sorted { ($1.hours, $0.directory) < ($0.hours, $1.directory) }
        }
    }

    static func weight(of finding: Finding) -> Double {
        let isSwift = finding.path.hasSuffix(".swift")
        if (isSwift ? fixedRules : fixedObjectiveCRules).contains(finding.ruleID) { return hoursPerFixedFinding }
        return hours(for: finding.severity)
    }

    /// `Sources/App/A.swift` → `Sources`; a file at the root → `.`; an absolute path → its first component.
    static func topLevelDirectory(of path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count > 1 else { return "." }
        return (path.hasPrefix("/") ? "/" : "") + components[0]
    }
}
