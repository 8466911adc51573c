import XCTest

@testable import MigrateScanCommand
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

    func testByteFoldingOfASCIILinesHashesLikeTheStringNormalisation() {
        // Baselines written before the byte path must keep matching: compare against the
        // `String` normalisation on random ASCII lines full of every kind of whitespace.
        var generator = SeededGenerator(seed: 0x5EED_F01D)
        let alphabet = Array(" \t\u{0B}\u{0C}\r\u{00}ab(;)=\"".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let line = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = FNVReference.hash("r\0p\0" + FindingFingerprint.normalised(String(decoding: line, as: UTF8.self)))
            XCTAssertEqual(
                FindingFingerprint.lineHash(ruleID: "r", path: "p", lineBytes: line[...]), expected,
                "line \(line)")
        }
        XCTAssertEqual(
            FindingFingerprint.lineHash(ruleID: "r", path: "p", lineBytes: Array("\u{3000}é x\u{00A0}y ".utf8)[...]),
            FNVReference.hash("r\0p\0é x y"))
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

    func testLineCountWithoutATableAgreesWithTheTable() {
        let expected = ["": 1, "a": 1, "a\n": 1, "a\nb": 2, "\n": 1, "\n\n": 2, "a\r\nb\r\n": 2, "a\rb": 1]
        for (text, lines) in expected {
            XCTAssertEqual(SourceLineTable.lineCount(of: Array(text.utf8)), lines, "\(text.debugDescription)")
            XCTAssertEqual(SourceLineTable(Array(text.utf8)).lineCount, lines, "\(text.debugDescription)")
        }
    }

    /// Fingerprints read lines from the lexer's line starts when it has them, so those must be the
    /// lines a search for line feeds finds, wherever a break falls: in strings, comments, inactive
    /// code, preprocessor continuations, after a byte order mark, in CRLF files. A lone carriage
    /// return, where the lexers break lines and the table does not, leaves the table to the search.
    func testLexersLineStartsAreTheLinesOfTheLineFeedSearch() {
        let pieces = [
            "\n", "\r\n", "\r", "\u{FEFF}", "x", "  ", "é", "\u{1F9EA}", "\"", "\"\"\"", "#\"", "\"#", "'", "@\"", "\\",
            "\\(", "(", ")", "/*", "*/", "//", "///", "#if 0", "#if false", "#else", "#endif", "#define A \\\n",
            "#import <a.h>", "/re/", "{", "}", "@end", "NSURLConnection", "connection(", "0x1F", "\u{85}",
        ]
        var generator = SeededGenerator(seed: 0x11E5)
        var reused = 0
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...40, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let bytes = Array(text.utf8)
            for language in [SourceLanguage.swift, .objectiveC] {
                let stream = TokenStream(bytes: bytes, language: language)
                guard let starts = stream.lineFeedLineStarts else {
                    let hasLoneCarriageReturn = bytes.indices.contains { bytes[$0] == 0x0D && (bytes.indices.contains($0 + 1) ? bytes[$0 + 1] : 0) != 0x0A }
                    XCTAssert(hasLoneCarriageReturn, "\(language) \(text.debugDescription): no line starts without a lone CR")
                    continue
                }
                reused += 1
                XCTAssertEqual(SourceLineTable(bytes, lineStarts: starts), SourceLineTable(bytes), "\(language) \(text.debugDescription)")
            }
        }
        XCTAssertGreaterThan(reused, 2_000, "most cases have no lone carriage return")
    }

    /// A file's fingerprints are those of its lines by line feeds, whether or not the lexer's lines are.
    func testFingerprintsHashTheLinesOfTheLineFeedSearch() throws {
        for text in ["\u{FEFF}let w = UIWebView()\r\nlet v = UIWebView()\n", "let w = 1\rlet v = UIWebView()\n/*\r*/ UIWebView()"] {
            let bytes = Array(text.utf8)
            let scanned = try XCTUnwrap(SourceScanner().scanned(bytes, language: .swift, path: "a.swift"))
            XCTAssertFalse(scanned.findings.isEmpty)
            XCTAssertEqual(
                FindingFingerprint.assign(to: scanned.findings, lines: SourceLineTable(bytes, lineStarts: scanned.lineStarts)),
                FindingFingerprint.assign(to: scanned.findings, lines: SourceLineTable(bytes)), text.debugDescription)
        }
    }
}

/// FNV-1a 64 written out once more, independently of `FindingFingerprint`, as the reference.
private enum FNVReference {
    static func hash(_ text: String) -> String {
        let value = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
