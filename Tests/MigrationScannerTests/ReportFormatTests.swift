import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class ReportFormatTests: XCTestCase {
    /// Strings are copied eight bytes at a time up to the first byte that may need escaping: every
    /// byte JSON escapes, at every position of a word and of the tail, still comes back intact.
    func testEveryCharacterJSONEscapesIsEscapedWhereverItStands() throws {
        let special: [Character] = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["\"", "\\", "\u{7F}"]
        for character in special + ["é", "日", "a"] {
            for position in 0..<17 {
                let text = String(repeating: "x", count: position) + String(character) + String(repeating: "é", count: position % 5)
                let document = JSONValue.array([.string(text)]).serialized()
                let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String]
                XCTAssertEqual(parsed, [text], "U+\(String(character.unicodeScalars.first!.value, radix: 16)) at \(position)")
            }
        }
    }

    func testTextFormatIsTheClangDiagnosticForm() {
        XCTAssertEqual(
            TextReporter().format(ReportFixtures.report),
            """
            Sources/A.swift:3:9: warning: NSURLConnection is "legacy"\tuse URLSession\\now [nsurlconnection-reference]
            Sources/A.swift:3:9: error: UIWebView is rejected [uiwebview]
            Sources/Ünï dir/b.m:12:5: note: waits\u{1} [semaphore-around-task]

            """)
    }

    func testTextFormatKeepsOneFindingOnOneLine() {
        let finding = Finding(
            ruleID: "r", severity: .note, path: "a.m", line: 1, column: 2, endColumn: 3, message: "two\nlines\r\nhere",
            replacement: "")
        XCTAssertEqual(TextReporter().line(for: finding), "a.m:1:2: note: two lines here [r]")
    }

    func testSummaryLineCountsBySeverityAndPluralises() {
        XCTAssertEqual(
            ScanSummary(ReportFixtures.report).description, "3 findings (1 error, 1 warning, 1 note) in 4 files")
        let empty = ScanReport(root: "/", findings: [], filesScanned: 1, diagnostics: [])
        XCTAssertEqual(ScanSummary(empty).description, "0 findings (0 errors, 0 warnings, 0 notes) in 1 file")
    }

    func testJSONFormatSchemaVersion1() {
        XCTAssertEqual(
            JSONReporter().format(ReportFixtures.report),
            #"""
            {
              "version": 1,
              "tool": {
                "name": "migrate-scan",
                "version": "\#(ToolIdentity.version)"
              },
              "findings": [
                {
                  "rule": "nsurlconnection-reference",
                  "severity": "warning",
                  "path": "Sources/A.swift",
                  "line": 3,
                  "column": 9,
                  "endColumn": 24,
                  "message": "NSURLConnection is \"legacy\"\tuse URLSession\\now",
                  "replacement": "URLSession",
                  "fingerprint": "00000000000000aa:1"
                },
                {
                  "rule": "uiwebview",
                  "severity": "error",
                  "path": "Sources/A.swift",
                  "line": 3,
                  "column": 9,
                  "endColumn": 18,
                  "message": "UIWebView is rejected",
                  "replacement": "WKWebView",
                  "fingerprint": "00000000000000bb:2"
                },
                {
                  "rule": "semaphore-around-task",
                  "severity": "note",
                  "path": "Sources/Ünï dir/b.m",
                  "line": 12,
                  "column": 5,
                  "endColumn": 22,
                  "message": "waits\u0001",
                  "replacement": "async/await",
                  "fingerprint": "00000000000000cc:1"
                }
              ],
              "summary": {
                "filesScanned": 4,
                "findings": 3,
                "bySeverity": {
                  "error": 1,
                  "warning": 1,
                  "note": 1
                },
                "byRule": {
                  "nsurlconnection-reference": 1,
                  "semaphore-around-task": 1,
                  "uiwebview": 1
                }
              },
              "diagnostics": [
                {
                  "level": "note",
                  "path": "big.swift",
                  "message": "skipped: too large"
                }
              ]
            }

            """#)
    }

    func testJSONEscapingRoundTripsThroughJSONSerialization() throws {
        let awkward = "q\"b\\s/ n\n r\r t\t \u{0} \u{1F} \u{7F} é 🧪 \u{2028}"
        let text = JSONValue.object([("k", .string(awkward)), ("a", .array([])), ("o", .object([]))]).serialized()
        let decoded = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(decoded["k"] as? String, awkward)
        XCTAssertTrue(text.contains(#""q\"b\\s/ n\n r\r t\t \u0000 \u001f \u007f é 🧪 "#), text)
    }

    func testJSONReportParsesAndCarriesSummaryCounts() throws {
        let text = JSONReporter().format(ReportFixtures.report)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? Int, 1)
        let summary = try XCTUnwrap(json["summary"] as? [String: Any])
        XCTAssertEqual((summary["bySeverity"] as? [String: Int])?["error"], 1)
    }
}
