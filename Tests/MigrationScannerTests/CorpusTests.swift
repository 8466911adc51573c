import Foundation
import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

/// Scans the hand-labelled legacy corpus in `.corpus/` (hidden so SwiftPM does not try to
/// compile its sources) and requires exactly the labelled findings: no misses, no extras.
final class CorpusTests: XCTestCase {
    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(".corpus", isDirectory: true)

    private struct Site: Hashable, Comparable, CustomStringConvertible {
        var path: String
        var line: Int
        var ruleID: String
        var severity: Severity

        var description: String { "\(path):\(line) \(ruleID) [\(severity.rawValue)]" }

        static func < (lhs: Site, rhs: Site) -> Bool {
            (lhs.path, lhs.line, lhs.ruleID) < (rhs.path, rhs.line, rhs.ruleID)
        }
    }

    private func sources() throws -> [(name: String, language: SourceLanguage, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        return try names.compactMap { name in
            guard let language = SourceLanguage(pathExtension: (name as NSString).pathExtension) else { return nil }
            let data = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
            return (name, language, [UInt8](data))
        }
    }

    private func labels() throws -> [Site] {
        let defaults = Dictionary(uniqueKeysWithValues: RuleCatalog.descriptions.map { ($0.id, $0.defaultSeverity) })
        let text = try String(contentsOf: Self.corpus.appendingPathComponent("labels.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let ruleID = fields[2]
            let defaultSeverity = try XCTUnwrap(defaults[ruleID], "unknown rule id \(ruleID) in labels.tsv")
            let severity = fields.count > 3 && !fields[3].isEmpty ? Severity(rawValue: fields[3]) : defaultSeverity
            return Site(path: fields[0], line: try XCTUnwrap(Int(fields[1])), ruleID: ruleID, severity: try XCTUnwrap(severity))
        }
    }

    func testCorpusFindingsEqualLabels() throws {
        let scanner = SourceScanner()
        var found: [Site] = []
        var lineCount = 0
        var insideCommentsOrStrings: [Finding] = []
        for source in try sources() {
            lineCount += source.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            let findings = scanner.scan(source.bytes, language: source.language, path: source.name)
            found += findings.map { Site(path: $0.path, line: $0.line, ruleID: $0.ruleID, severity: $0.severity) }
            insideCommentsOrStrings += findings.filter { !startsACodeToken($0, in: source.bytes, source.language) }
        }
        let expected = try labels()
        let missing = multisetDifference(expected, found)
        let extra = multisetDifference(found, expected)
        print("corpus: \(lineCount) lines, \(expected.count) labelled sites, \(found.count) found, "
              + "\(insideCommentsOrStrings.count) inside comments or strings")
        XCTAssertGreaterThanOrEqual(lineCount, 2_000)
        XCTAssertTrue(missing.isEmpty, "missed:\n" + missing.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(extra.isEmpty, "not labelled:\n" + extra.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(insideCommentsOrStrings, [])
    }

    func testEveryRuleIsExercisedByTheCorpus() throws {
        let labelled = Set(try labels().map(\.ruleID))
        for description in RuleCatalog.descriptions {
            XCTAssertTrue(labelled.contains(description.id), "\(description.id) has no labelled site in the corpus")
        }
    }

    /// A finding must sit on the first character of a code token, never inside a comment or string.
    private func startsACodeToken(_ finding: Finding, in bytes: [UInt8], _ language: SourceLanguage) -> Bool {
        let tokens = language == .swift ? SwiftLexer.tokens(in: bytes) : ObjectiveCLexer.tokens(in: bytes)
        return tokens.contains { token in
            Int(token.line) == finding.line && Int(token.column) == finding.column
                && [.identifier, .keyword, .directive, .punctuation].contains(token.kind)
        }
    }

    private func multisetDifference(_ lhs: [Site], _ rhs: [Site]) -> [Site] {
        var remaining = Dictionary(rhs.map { ($0, 1) }, uniquingKeysWith: +)
        var difference: [Site] = []
        for site in lhs {
            if let count = remaining[site], count > 0 {
                remaining[site] = count - 1
            } else {
                difference.append(site)
            }
        }
        return difference.sorted()
    }
}
