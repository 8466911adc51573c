import Foundation
import MigrationScanner

/// Findings accepted as they are today, so a scan can report only new ones (`--baseline`).
///
/// Entries are keyed by the findings' fingerprints, which do not contain line numbers, so a
/// baseline survives code moving and reindenting; a fixed finding's entry simply matches nothing.
struct Baseline: Sendable, Hashable {
    /// The file format's `version`; bumped when an existing key changes meaning.
    static let formatVersion = 1

    /// Sorted by path, rule and hash.
    var entries: [BaselineEntry]

    init(entries: [BaselineEntry]) {
        self.entries = entries.sorted { lhs, rhs in
            if lhs.path != rhs.path { return lhs.path.precedesInUTF8Order(rhs.path) }
            if lhs.ruleID != rhs.ruleID { return lhs.ruleID.precedesInUTF8Order(rhs.ruleID) }
            return lhs.lineHash < rhs.lineHash
        }
    }

    /// Every finding of `report`, counted per fingerprint, each path led by `pathPrefix`
    /// (`ScanConfiguration.fingerprintPathPrefix`).
    init(report: ScanReport, pathPrefix: String = "") {
        var counts: [String: (BaselineEntry)] = [:]
        for reported in report.findings {
            let hash = reported.fingerprint.lineHash
            counts[hash, default: BaselineEntry(
                ruleID: reported.finding.ruleID, path: pathPrefix + reported.finding.path, lineHash: hash, count: 0)].count += 1
        }
        self.init(entries: Array(counts.values))
    }

    /// The versioned JSON file, deterministic for the same findings.
    func serialized() -> String {
        JSONValue.object([
            ("version", .integer(Self.formatVersion)),
            ("tool", .object([("name", .string(ToolIdentity.name)), ("version", .string(ToolIdentity.version))])),
            (
                "findings",
                .array(entries.map { entry in
                    .object([
                        ("rule", .string(entry.ruleID)),
                        ("path", .string(entry.path)),
                        ("lineHash", .string(entry.lineHash)),
                        ("count", .integer(entry.count)),
                    ])
                })
            ),
        ]).serialized()
    }

    /// Reads a baseline file's bytes; `displayPath` names the file in errors.
    static func parse(_ data: Data, displayPath: String) throws(ConfigurationError) -> Baseline {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: displayPath, message: message) }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a migrate-scan baseline: expected a JSON object")
        }
        guard let version = root["version"] as? Int else { throw fail("not a migrate-scan baseline: no 'version'") }
        guard version == formatVersion else {
            throw fail("baseline version \(version) is not supported (this migrate-scan reads version \(formatVersion))")
        }
        guard let findings = root["findings"] as? [Any] else { throw fail("invalid value for 'findings': expected an array") }
        var entries: [BaselineEntry] = []
        for (index, item) in findings.enumerated() {
            guard let object = item as? [String: Any], let rule = object["rule"] as? String,
                let path = object["path"] as? String, let hash = object["lineHash"] as? String,
                let count = object["count"] as? Int, count > 0
            else {
                throw fail("invalid entry 'findings[\(index)]': expected rule, path, lineHash and a positive count")
            }
            entries.append(BaselineEntry(ruleID: rule, path: path, lineHash: hash, count: count))
        }
        return Baseline(entries: entries)
    }

    /// Reads the baseline at `path`.
    static func load(path: String, displayPath: String) throws(ConfigurationError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: displayPath, message: "cannot read the baseline file")
        }
        return try parse(data, displayPath: displayPath)
    }
}
