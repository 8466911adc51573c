import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class CLIArgumentParsingTests: XCTestCase {
    private let parser = CommandLineParser(ruleIDs: CLITestFixtures.catalog.map(\.id))

    private func scanOptions(_ arguments: [String]) throws -> ScanOptions {
        guard case .scan(let options) = try parser.parse(arguments) else {
            XCTFail("not a scan: \(arguments)")
            return ScanOptions()
        }
        return options
    }

    private func error(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    func testNoArgumentsScansTheCurrentDirectoryWithDefaults() throws {
        let options = try scanOptions([])
        XCTAssertEqual(options, ScanOptions())
        XCTAssertEqual(options.format, .text)
        XCTAssertEqual(options.failOn, .warning)
        XCTAssertEqual(options.minimumSeverity, .note)
        XCTAssertEqual(options.maximumFileSize, 10 * 1024 * 1024)
        XCTAssertNil(options.selectedRuleIDs(from: ["a", "b"]))
    }

    func testPathsAndDoubleDash() throws {
        XCTAssertEqual(try scanOptions(["Sources", "a.m"]).paths, ["Sources", "a.m"])
        XCTAssertEqual(try scanOptions(["a", "--", "--weird", "-q"]).paths, ["a", "--weird", "-q"])
        XCTAssertEqual(try scanOptions(["-"]).paths, ["-"])
    }

    func testFormatAndOutput() throws {
        XCTAssertEqual(try scanOptions(["--format", "json"]).format, .json)
        XCTAssertEqual(try scanOptions(["--format=sarif"]).format, .sarif)
        XCTAssertEqual(try scanOptions(["--format", "TEXT"]).format, .text)
        XCTAssertEqual(try scanOptions(["--output", "r.sarif"]).outputPath, "r.sarif")
        XCTAssertEqual(try scanOptions(["-o", "r.json"]).outputPath, "r.json")
        XCTAssertEqual(try scanOptions(["--output=x y.txt"]).outputPath, "x y.txt")
    }

    func testSeverityOptions() throws {
        for threshold in FailureThreshold.allCases {
            XCTAssertEqual(try scanOptions(["--fail-on", threshold.rawValue]).failOn, threshold)
        }
        for severity in Severity.allCases {
            XCTAssertEqual(try scanOptions(["--min-severity=\(severity.rawValue)"]).minimumSeverity, severity)
        }
    }

    func testEnableAndDisableTakeRepeatableCommaLists() throws {
        let options = try scanOptions([
            "--enable", "uiwebview, nsurlconnection-reference", "--enable=semaphore-around-task", "--disable", "uiwebview",
        ])
        XCTAssertEqual(options.enabledRules, ["uiwebview", "nsurlconnection-reference", "semaphore-around-task"])
        XCTAssertEqual(options.disabledRules, ["uiwebview"])
        XCTAssertEqual(
            options.selectedRuleIDs(from: CLITestFixtures.catalog.map(\.id)),
            ["nsurlconnection-reference", "semaphore-around-task"])
        XCTAssertEqual(
            try scanOptions(["--disable", "uiwebview"]).selectedRuleIDs(from: CLITestFixtures.catalog.map(\.id)),
            ["nsurlconnection-reference", "semaphore-around-task"])
    }

    func testDiscoveryOptions() throws {
        let options = try scanOptions([
            "--exclude", "Tests/**", "--exclude=*.pb.swift", "--include-vendored", "--max-file-size", "512K", "--root", "..",
        ])
        XCTAssertEqual(options.excludes, ["Tests/**", "*.pb.swift"])
        XCTAssertTrue(options.includeVendored)
        XCTAssertEqual(options.maximumFileSize, 512 * 1024)
        XCTAssertEqual(options.root, "..")
        XCTAssertEqual(try scanOptions(["--max-file-size=10M"]).maximumFileSize, 10 << 20)
        XCTAssertEqual(try scanOptions(["--max-file-size", "1GiB"]).maximumFileSize, 1 << 30)
        XCTAssertEqual(try scanOptions(["--max-file-size", "1234"]).maximumFileSize, 1234)
    }

    func testQuietHelpVersionAndRules() throws {
        XCTAssertTrue(try scanOptions(["--quiet"]).quiet)
        XCTAssertTrue(try scanOptions(["-q"]).quiet)
        XCTAssertEqual(try parser.parse(["--help"]), .help(.scan))
        XCTAssertEqual(try parser.parse(["Sources", "-h"]), .help(.scan))
        XCTAssertEqual(try parser.parse(["--version"]), .version)
        XCTAssertEqual(try parser.parse(["rules"]), .listRules(.text))
        XCTAssertEqual(try parser.parse(["rules", "--format", "markdown"]), .listRules(.markdown))
        XCTAssertEqual(try parser.parse(["rules", "--format=text"]), .listRules(.text))
        XCTAssertEqual(try parser.parse(["rules", "-h"]), .help(.rules))
        XCTAssertEqual(try scanOptions(["./rules"]).paths, ["./rules"])
    }

    func testUnknownOptionsNameTheClosestValidOne() {
        XCTAssertEqual(error(["--fromat", "json"]), "unknown option '--fromat' (did you mean '--format'?)")
        XCTAssertEqual(error(["--fail-of=error"]), "unknown option '--fail-of' (did you mean '--fail-on'?)")
        XCTAssertEqual(error(["--exclud", "x"]), "unknown option '--exclud' (did you mean '--exclude'?)")
        XCTAssertEqual(error(["--include-vendor"]), "unknown option '--include-vendor' (did you mean '--include-vendored'?)")
        XCTAssertEqual(error(["-Q"]), "unknown option '-Q' (did you mean '-q'?)")
        XCTAssertEqual(error(["rules", "--fromat", "markdown"]), "unknown option '--fromat' (did you mean '--format'?)")
        XCTAssertEqual(error(["rules", "--hlep"]), "unknown option '--hlep' (did you mean '--help'?)")
    }

    func testInvalidValuesNameTheClosestChoice() {
        XCTAssertEqual(
            error(["--format", "sarf"]), "invalid value 'sarf' for '--format': expected text, xcode, json, sarif, github, markdown, html, checkstyle, junit, gitlab (did you mean 'sarif'?)")
        XCTAssertEqual(
            error(["--fail-on", "warnings"]),
            "invalid value 'warnings' for '--fail-on': expected error, warning, note, never (did you mean 'warning'?)")
        XCTAssertEqual(
            error(["--min-severity", "never"]),
            "invalid value 'never' for '--min-severity': expected note, warning, error (did you mean 'note'?)")
        XCTAssertEqual(
            error(["rules", "--format", "md"]),
            "invalid value 'md' for '--format': expected text, markdown (did you mean 'text'?)")
        XCTAssertEqual(
            error(["--max-file-size", "ten"]),
            "invalid value 'ten' for '--max-file-size': expected a byte count such as 500000, 512K or 10M")
        XCTAssertEqual(error(["--max-file-size", "99999999999999999G"]), "invalid value '99999999999999999G' for '--max-file-size': too large")
    }

    func testUnknownRuleIdsNameTheClosestRule() {
        XCTAssertEqual(
            error(["--enable", "uiwebview,nsurlconnection-referense"]),
            "unknown rule 'nsurlconnection-referense' in '--enable' (did you mean 'nsurlconnection-reference'?)")
        XCTAssertEqual(error(["--disable=uiwebveiw"]), "unknown rule 'uiwebveiw' in '--disable' (did you mean 'uiwebview'?)")
        XCTAssertEqual(error(["--disable", ","]), "missing rule id for option '--disable'")
        XCTAssertEqual(
            (try? CommandLineParser(ruleIDs: []).parse(["--enable", "x"])).map { "\($0)" } ?? "threw", "threw")
    }

    func testMissingAndUnexpectedValues() {
        XCTAssertEqual(error(["--format"]), "missing value for option '--format'")
        XCTAssertEqual(error(["--output", "--quiet"]), "missing value for option '--output'")
        XCTAssertEqual(error(["--quiet=yes"]), "option '--quiet' takes no value")
        XCTAssertEqual(error(["rules", "extra"]), "unexpected argument 'extra' to 'rules'")
    }

    func testEditDistance() {
        XCTAssertEqual(SpellingSuggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(SpellingSuggestion.editDistance("", "abc"), 3)
        XCTAssertEqual(SpellingSuggestion.editDistance("abc", "abc"), 0)
        XCTAssertEqual(SpellingSuggestion.closest(to: "jsn", among: ["text", "json", "sarif"]), "json")
        XCTAssertNil(SpellingSuggestion.closest(to: "x", among: []))
    }
}
