import Foundation
import MigrationScanner

/// Finds and reads `.migrate-scan.json`, rejecting unknown keys and bad values with an error that
/// names the key and the file, so a typo cannot silently turn a setting off.
struct ProjectConfigurationLoader: Sendable {
    /// The keys of version 1, in documentation order.
    static let keys = [
        "version", "rules", "exclude", "extensions", "failOn", "minSeverity", "includeVendored", "maxFileSize",
    ]
    /// Extensions the lexers read.
    static let knownExtensions = ["swift", "m", "mm", "h"]

    /// Rule ids the `rules` object may name.
    var ruleIDs: [String]

    init(ruleIDs: [String]) {
        self.ruleIDs = ruleIDs
    }

    /// The nearest `.migrate-scan.json` in `directory` or above it, or nil.
    static func locate(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(ProjectConfiguration.fileName).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Reads the file at `path` (absolute); `displayPath` is how errors name it.
    func load(path: String, displayPath: String) throws(ConfigurationError) -> ProjectConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: displayPath, message: "cannot read the configuration file")
        }
        return try parse(data, path: path, displayPath: displayPath)
    }

    /// Parses a file's bytes.
    func parse(_ data: Data, path: String, displayPath: String) throws(ConfigurationError) -> ProjectConfiguration {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: displayPath, message: message) }
        let object: Any
        switch CommentedJSON.parse(data) {
        case .success(let parsed): object = parsed
        case .failure(let error):
            throw ConfigurationError(
                path: "\(displayPath):\(error.line):\(error.column)", message: "not valid JSON: \(error.reason)")
        }
        guard let root = object as? [String: Any] else { throw fail("the top level must be a JSON object") }
        var configuration = ProjectConfiguration(path: path)
        for key in root.keys.sorted() where !Self.keys.contains(key) {
            throw fail(Self.unknown("key '\(key)'", key, among: Self.keys))
        }
        if let version = root["version"] {
            guard let number = Self.integer(version), number == ProjectConfiguration.formatVersion else {
                throw fail("invalid value for 'version': expected \(ProjectConfiguration.formatVersion)")
            }
        }
        if let rules = root["rules"] {
            guard let rules = rules as? [String: Any] else { throw fail("invalid value for 'rules': expected an object") }
            for (id, value) in rules.sorted(by: { $0.key < $1.key }) {
                guard ruleIDs.contains(id) else { throw fail(Self.unknown("rule 'rules.\(id)'", id, among: ruleIDs)) }
                guard let spelling = value as? String, let setting = RuleSetting(spelling: spelling.lowercased()) else {
                    throw fail(
                        "invalid value \(Self.describe(value)) for 'rules.\(id)': expected "
                            + RuleSetting.spellings.joined(separator: ", "))
                }
                configuration.rules[id] = setting
            }
        }
        if let excludes = root["exclude"] {
            guard let patterns = excludes as? [String] else {
                throw fail("invalid value for 'exclude': expected an array of glob strings")
            }
            configuration.excludes = patterns
        }
        if let extensions = root["extensions"] {
            guard let names = extensions as? [String], !names.isEmpty else {
                throw fail("invalid value for 'extensions': expected a non-empty array of strings")
            }
            var included = Set<String>()
            for name in names {
                let normalised = String(name.lowercased().drop { $0 == "." })
                guard Self.knownExtensions.contains(normalised) else {
                    throw fail(
                        "invalid value '\(name)' in 'extensions': expected some of "
                            + Self.knownExtensions.joined(separator: ", "))
                }
                included.insert(normalised)
            }
            configuration.includedExtensions = included
        }
        if let failOn = root["failOn"] {
            configuration.failOn = try choice(failOn, key: "failOn", fail: fail)
        }
        if let minimum = root["minSeverity"] {
            configuration.minimumSeverity = try choice(minimum, key: "minSeverity", fail: fail)
        }
        if let vendored = root["includeVendored"] {
            // JSONSerialization reads `1` as a Bool too; only true and false are booleans here.
            guard Self.isBoolean(vendored), let flag = vendored as? Bool else {
                throw fail("invalid value \(Self.describe(vendored)) for 'includeVendored': expected true or false")
            }
            configuration.includeVendored = flag
        }
        if let size = root["maxFileSize"] {
            let text = Self.integer(size).map(String.init) ?? (size as? String) ?? ""
            do {
                configuration.maximumFileSize = try CommandLineParser.byteCount(text)
            } catch {
                throw fail("invalid value \(Self.describe(size)) for 'maxFileSize': expected a byte count such as 500000, 512K or 10M")
            }
        }
        return configuration
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: Any, key: String, fail: (String) -> ConfigurationError
    ) throws(ConfigurationError) -> Choice where Choice.RawValue == String {
        if let text = value as? String, let choice = Choice(rawValue: text.lowercased()) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        throw fail("invalid value \(Self.describe(value)) for '\(key)': expected \(names.joined(separator: ", "))")
    }

    private static func unknown(_ what: String, _ name: String, among candidates: [String]) -> String {
        let suggestion = SpellingSuggestion.plausible(for: name, among: candidates)
        return "unknown \(what)" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }

    private static func integer(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return Int(exactly: number.doubleValue)
    }

    /// JSONSerialization gives booleans as NSNumbers whose type encoding is `c` (char), on Darwin and Linux.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "'\(text)'" }
        if let number = value as? NSNumber { return number.stringValue }
        return "of the wrong type"
    }
}
