import XCTest

@testable import MigrationScanner

final class ReportFingerprintTests: XCTestCase {
    func testHashIsFNV1aOfRulePathAndFoldedLineText() {
        // Reference values from an independent FNV-1a implementation over "rule\0path\0text".
        XCTAssertEqual(FindingFingerprint.lineHash(ruleID: "", path: "", lineText: ""), "08328807b4eb6fed")
        XCTAssertEqual(FindingFingerprint.lineHash(ruleID: "r", path: "p", lineText: "let c = x"), "f7a6185b2f8f9832")
        XCTAssertEqual(
            FindingFingerprint.lineHash(ruleID: "r", path: "p", lineText: "  let  c =\tx  "),
            FindingFingerprint.lineHash(ruleID: "r", path: "p", lineText: "let c = x"))
        XCTAssertEqual(FindingFingerprint.normalised(" \t a \t b\r"), "a b")
    }

    func testHashDependsOnRulePathAndTextButNotTheLineNumber() throws {
        let base = FindingFingerprint.lineHash(ruleID: "r", path: "p.swift", lineText: "x")
        XCTAssertNotEqual(base, FindingFingerprint.lineHash(ruleID: "s", path: "p.swift", lineText: "x"))
        XCTAssertNotEqual(base, FindingFingerprint.lineHash(ruleID: "r", path: "q.swift", lineText: "x"))
        XCTAssertNotEqual(base, FindingFingerprint.lineHash(ruleID: "r", path: "p.swift", lineText: "y"))
        // The separator keeps "ab"+"c" apart from "a"+"bc".
        XCTAssertNotEqual(
            FindingFingerprint.lineHash(ruleID: "ab", path: "c", lineText: ""),
            FindingFingerprint.lineHash(ruleID: "a", path: "bc", lineText: ""))

        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "let c: NSURLConnection\n")
        try tree.write("b.swift", "// moved down\n\n\n    let  c:\tNSURLConnection   \n")
        let report = ScanSession(
            configuration: ScanConfiguration(root: tree.root, paths: ["."]), scanner: CLITestFixtures.wordScanner()
        ).run()
        XCTAssertEqual(report.findings.map(\.finding.line), [1, 4])
        XCTAssertEqual(
            report.findings[1].fingerprint.lineHash,
            FindingFingerprint.lineHash(ruleID: "nsurlconnection-reference", path: "b.swift", lineText: "let c: NSURLConnection"))
    }

    func testIdenticalLinesInOneFileAreNumberedInReportOrder() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.m", "NSURLConnection *a;\nother\nNSURLConnection *a;\r\n")
        let report = ScanSession(
            configuration: ScanConfiguration(root: tree.root, paths: ["a.m"]), scanner: CLITestFixtures.wordScanner()
        ).run()
        XCTAssertEqual(report.findings.map(\.fingerprint.occurrence), [1, 2])
        XCTAssertEqual(report.findings[0].fingerprint.lineHash, report.findings[1].fingerprint.lineHash)
    }

    func testLineTableHandlesLastLineCRLFAndInvalidUTF8() {
        let table = SourceLineTable(Array("one\r\ntwo\n".utf8) + [0xFF] + Array("three".utf8))
        XCTAssertEqual(table.text(ofLine: 1), "one")
        XCTAssertEqual(table.text(ofLine: 2), "two")
        XCTAssertEqual(table.text(ofLine: 3), "\u{FFFD}three")
        XCTAssertEqual(table.text(ofLine: 4), "")
        XCTAssertEqual(table.text(ofLine: 0), "")
    }
}
