import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Inputs a fuzzer found that crashed the scanner or made it superlinear. Each test runs
/// the real command or the per-file pipeline the command runs (suppressions, fingerprints).
final class RobustnessHostileInputTests: XCTestCase {
    /// Invalid Swift with an `=` before the `:` of a parameter, each of which trapped the parser.
    private static let equalsBeforeColon = [
        "func f(URLSession = x: Int) {}", "func n(URLSession=:)", "func connection(=r:)",
    ]

    private func command(in tree: CLITemporaryTree) -> MigrationScanCommand {
        MigrationScanCommand(currentDirectory: tree.root)
    }

    /// The per-file pipeline of a scan with every rule and suppressions on, timed.
    private func scanTimed(_ name: String, _ bytes: [UInt8], in tree: CLITemporaryTree) throws -> (FileScanResult, Duration) {
        let path = try tree.write(name, bytes: bytes)
        var configuration = ScanConfiguration(root: tree.root, paths: [path], discovery: DiscoveryOptions(usesGit: false))
        let ruleIDs = RuleCatalog.descriptions.map(\.id) + SuppressionRules.ids
        configuration.suppressions = SuppressionSettings(knownRuleIDs: Set(ruleIDs), activeRuleIDs: Set(ruleIDs))
        let session = ScanSession(configuration: configuration, scanner: ScanSession.sourceScanner(nil))
        let file = try XCTUnwrap(FileDiscovery(options: configuration.discovery).discover(paths: [path], root: tree.root).files.first)
        var result: FileScanResult?
        let duration = ContinuousClock().measure { result = session.scan(file) }
        return (try XCTUnwrap(result), duration)
    }

    func testEqualsBeforeColonInParametersIsScannedAndTheReportIsWritten() throws {
        let tree = try CLITemporaryTree(self)
        for (index, source) in Self.equalsBeforeColon.enumerated() {
            try tree.write("Broken\(index).swift", source + "\nclass D: NSURLConnectionDelegate {}\n")
        }
        let run = CLIRun(["--format", "json", "--no-config", "."], in: tree.root, command: command(in: tree))
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        XCTAssertEqual(
            Set(findings.compactMap { $0["path"] as? String }), ["Broken0.swift", "Broken1.swift", "Broken2.swift"])
    }

    func testEqualsBeforeColonInParametersSurvivesFixAndDiff() throws {
        let tree = try CLITemporaryTree(self)
        for (index, source) in Self.equalsBeforeColon.enumerated() {
            try tree.write("Broken\(index).swift", source + "\nlet c: NSURLConnection? = nil\n")
        }
        let diff = CLIRun(["--diff", "--no-config", "."], in: tree.root, command: command(in: tree))
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(diff.stdout.components(separatedBy: "\n+let c: URLConnection? = nil").count, 4, diff.stdout)
        let fix = CLIRun(["--fix", "--no-config", "."], in: tree.root, command: command(in: tree))
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertTrue(try String(contentsOfFile: tree.path("Broken2.swift"), encoding: .utf8).contains("URLConnection?"))
    }

    /// Found by scanner-fuzz: a Swift file whose last token is `import` trapped `--fix` and `--diff`
    /// (the import placement read the token after it).
    func testFileEndingInImportKeywordSurvivesFixAndDiff() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Truncated.swift", "let c: NSURLConnection? = nil\nimport")
        let diff = CLIRun(["--diff", "--no-config", "."], in: tree.root, command: command(in: tree))
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertTrue(diff.stdout.contains("+let c: URLConnection? = nil"), diff.stdout)
        let fix = CLIRun(["--fix", "--no-config", "."], in: tree.root, command: command(in: tree))
        XCTAssertEqual(fix.status, 0, fix.stderr)
    }

    /// 8,000 findings on one 190 KB line, once ASCII and once with an `é`: the old code hashed the
    /// line once per finding (10 s and more in a release build); once per line is milliseconds.
    func testManyFindingsOnOneLongLineAreFingerprintedInLinearTime() throws {
        let tree = try CLITemporaryTree(self)
        let line = String(repeating: "[NSURLConnection alloc] ", count: 8_000)
        for text in [line, "é " + line] {
            let (result, duration) = try scanTimed("Long.m", Array(text.utf8), in: tree)
            XCTAssertEqual(result.findings.count, 8_000)
            XCTAssertEqual(Set(result.findings.map(\.fingerprint.lineHash)).count, 1)
            XCTAssertTrue(result.findings.map(\.fingerprint.occurrence) == Array(1...8_000))
            XCTAssertLessThan(duration, .seconds(3), "\(text.utf8.count) bytes took \(duration)")
        }
    }

    /// A 400 KB unknown rule id (and 100 KB of invalid UTF-8) in a suppression comment: reported as
    /// unknown, with no suggestion, without comparing it with every rule id (13 s before).
    func testLongUnknownRuleIDInASuppressionCommentIsReportedQuicklyWithoutSuggestion() throws {
        let tree = try CLITemporaryTree(self)
        let longID = Array("// migrate-scan:disable-next-line nsurlconnection-create".utf8)
            + Array(repeating: UInt8(ascii: "x"), count: 400_000)
        let invalidID = Array("// migrate-scan:disable ".utf8) + Array(repeating: 0xFF, count: 100_000)
        for bytes in [longID, invalidID] {
            let (result, duration) = try scanTimed("Suppressed.swift", bytes + Array("\nlet x = 1\n".utf8), in: tree)
            let messages = result.findings.map(\.finding.message)
            XCTAssertEqual(messages.count, 1)
            XCTAssertTrue(messages.allSatisfy { $0.hasPrefix("unknown rule '") && !$0.contains("did you mean") })
            XCTAssertLessThan(duration, .seconds(2), "\(bytes.count) bytes took \(duration)")
        }
    }

    func testNearMissRuleIDsStillGetASuggestion() throws {
        let tree = try CLITemporaryTree(self)
        let (result, _) = try scanTimed("Misspelt.swift", Array("// migrate-scan:disable-line nsurlconection-create\n".utf8), in: tree)
        XCTAssertEqual(
            result.findings.map(\.finding.message),
            ["unknown rule 'nsurlconection-create' in a suppression comment (did you mean 'nsurlconnection-create'?)"])
    }
}
