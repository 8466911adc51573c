import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// The command with the real rules (`RuleCatalog`, `SourceScanner`) over the catalogue's examples;
/// skipped while the catalog is empty (before the scanner-core rules are merged).
final class CLIEndToEndTests: XCTestCase {
    private func fixture() throws -> CLITemporaryTree {
        guard !RuleCatalog.descriptions.isEmpty else { throw XCTSkip("no rules registered yet") }
        let tree = try CLITemporaryTree(self)
        try tree.write(
            "Legacy/Loader.m",
            """
            @interface Loader : NSObject <NSURLConnectionDataDelegate>
            @end
            @implementation Loader
            - (void)start {
                self.conn = [[NSURLConnection alloc] initWithRequest:req delegate:self];
                // [[NSURLConnection alloc] initWithRequest:req delegate:self]
                NSLog(@"NSURLConnection finished");
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @end

            """)
        try tree.write(
            "Legacy/Client.swift",
            """
            let c = NSURLConnection(request: req, delegate: self, startImmediately: false)
            let s = "NSURLConnection(\\"raw\\")"

            """)
        try tree.write("Modern/Clean.swift", "let task = URLSession.shared.dataTask(with: url)\n")
        return tree
    }

    private func command(_ tree: CLITemporaryTree) -> MigrationScanCommand {
        MigrationScanCommand(currentDirectory: tree.root)
    }

    func testRealRulesReportTheCatalogueExamplesInEveryFormat() throws {
        let tree = try fixture()
        let text = CLIRun([], in: tree.root, command: command(tree))
        XCTAssertEqual(text.status, 1, text.stderr)
        let ids = Set(RuleCatalog.descriptions.map(\.id))
        for expected in ["nsurlconnection-create", "nsurlconnection-delegate-conformance", "nsurlconnection-delegate-method"]
        where ids.contains(expected) {
            XCTAssertTrue(text.stdout.contains("[\(expected)]"), "\(expected) missing from:\n\(text.stdout)")
        }
        XCTAssertFalse(text.stdout.contains("Loader.m:6:"), "a comment is not a finding:\n\(text.stdout)")
        XCTAssertFalse(text.stdout.contains("Loader.m:7:"), "a string is not a finding:\n\(text.stdout)")
        XCTAssertFalse(text.stdout.contains("Clean.swift"))
        XCTAssertTrue(text.stderr.hasSuffix("in 3 files\n"), text.stderr)

        let sarif = CLIRun(["--format", "sarif"], in: tree.root, command: command(tree))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.count, RuleCatalog.descriptions.count, "no finding of a rule outside the catalog")
        for result in try XCTUnwrap(run["results"] as? [[String: Any]]) {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
        }

        let json = CLIRun(["--format", "json"], in: tree.root, command: command(tree))
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["findings"] as? [Any])?.count, text.stdout.split(separator: "\n").count)
    }

    func testDisablingEveryRuleReportsNothing() throws {
        let tree = try fixture()
        let all = RuleCatalog.descriptions.map(\.id).joined(separator: ",")
        let run = CLIRun(["--disable", all], in: tree.root, command: command(tree))
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.status, 0)
    }

    func testEveryRuleIdIsAcceptedByEnable() throws {
        _ = try fixture()
        let parser = CommandLineParser(ruleIDs: RuleCatalog.descriptions.map(\.id))
        for rule in RuleCatalog.descriptions {
            XCTAssertEqual(
                try parser.parse(["--enable", rule.id]),
                .scan({
                    var options = ScanOptions()
                    options.enabledRules = [rule.id]
                    return options
                }()))
        }
    }

    /// The labelled corpus, scanned as a directory and as its files in reverse order, gives the same
    /// SARIF bytes, and JSON agrees with the text report.
    func testCorpusReportsAreDeterministicAndAgreeAcrossFormats() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(".corpus").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? [])
            .filter { SourceLanguage(pathExtension: ($0 as NSString).pathExtension) != nil }
        guard !names.isEmpty, !RuleCatalog.descriptions.isEmpty else { throw XCTSkip("no corpus or rules yet") }
        let command = MigrationScanCommand(currentDirectory: corpus)
        let asDirectory = CLIRun(["--format", "sarif", "."], in: corpus, command: command)
        let asFiles = CLIRun(["--format", "sarif"] + names.sorted().reversed(), in: corpus, command: command)
        XCTAssertEqual(asDirectory.stdout, asFiles.stdout)
        XCTAssertEqual(asDirectory.stderr, "")

        let text = CLIRun(["--fail-on", "never"], in: corpus, command: command)
        XCTAssertEqual(text.status, 0)
        let json = CLIRun(["--format", "json"], in: corpus, command: command)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        // The text report groups identical findings of a rule in a file on the first one's line.
        var lines: [String] = []
        var repeatedLines: [String: [String]] = [:]
        for finding in findings {
            let key = "\(finding["path"]!) \(finding["rule"]!) \(finding["severity"]!) \(finding["message"]!)"
            if repeatedLines[key] == nil { lines.append(key) }
            repeatedLines[key, default: []].append("\(finding["line"]!)")
        }
        let firstOfGroup = Dictionary(findings.map { finding in
            ("\(finding["path"]!) \(finding["rule"]!) \(finding["severity"]!) \(finding["message"]!)",
             "\(finding["path"]!):\(finding["line"]!):\(finding["column"]!): \(finding["severity"]!): "
                + "\(finding["message"]!) [\(finding["rule"]!)]")
        }, uniquingKeysWith: { first, _ in first })
        let expected = lines.map { key in
            let group = repeatedLines[key]!
            let repetition = group.count > 1 ? " (\(group.count) times: lines \(group.joined(separator: ", ")))" : ""
            return firstOfGroup[key]! + repetition
        }
        XCTAssertEqual(expected.joined(separator: "\n") + "\n", text.stdout)
        XCTAssertEqual((document["summary"] as? [String: Any])?["filesScanned"] as? Int, names.count)
    }
}
