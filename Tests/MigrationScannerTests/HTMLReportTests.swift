import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Issue 8, part 4: `--format html` is one self-contained, well-formed page with totals, charts,
/// effort, findings in context and rule explanations; everything from the sources is escaped.
final class HTMLReportTests: XCTestCase {
    private let hostile = "Sources/<script>alert('x')</script>&\"q\".swift"

    private func report(_ findings: [Finding], root: String = "/r") -> ScanReport {
        ScanReport(
            root: root,
            findings: findings.map { ReportedFinding(finding: $0, fingerprint: FindingFingerprint(lineHash: "0", occurrence: 1)) },
            filesScanned: 3, diagnostics: [])
    }

    private func finding(_ path: String, line: Int, rule: String = "nsurlconnection-reference", severity: Severity = .warning, message: String = "NSURLConnection is deprecated") -> Finding {
        Finding(ruleID: rule, severity: severity, path: path, line: line, column: 5, endColumn: 20, message: message, replacement: "URLConnection")
    }

    private func render(_ report: ScanReport, lines: [String] = ["let a = 1", "var c: NSURLConnection? // <b>&amp;</b>", "let z = \"\u{1}\""]) -> String {
        HTMLReporter(sourceLines: { _, _ in SourceLineTable(lines: lines) }).format(report)
    }

    /// Parses the page as XML and returns the elements' names in document order with their attributes.
    private func parse(_ html: String, file: StaticString = #filePath, line: UInt = #line) -> [(name: String, attributes: [String: String], text: String)] {
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [(name: String, attributes: [String: String], text: String)] = []
            var open: [Int] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                open.append(elements.count)
                elements.append((name, attributes, ""))
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { open.removeLast() }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                for index in open { elements[index].text += string }
            }
        }
        let parser = XMLParser(data: Data(html.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed: \(String(describing: parser.parserError))", file: file, line: line)
        return collector.elements
    }

    func testHTMLIsWellFormedXMLWithTheDocumentsSections() {
        let html = render(report([
            finding("Sources/A/Loader.swift", line: 2),
            finding("Sources/A/Loader.swift", line: 3, rule: "uiwebview", severity: .error, message: "UIWebView"),
            finding("Tests/T.swift", line: 1, severity: .note),
        ]))
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">"))
        let elements = parse(html)
        let ids = Set(elements.compactMap { $0.attributes["id"] })
        XCTAssertTrue(ids.isSuperset(of: ["totals", "charts", "effort", "files", "rules", "rule-uiwebview", "rule-nsurlconnection-reference"]), "\(ids)")
        XCTAssertEqual(elements.filter { $0.name == "svg" }.count, 3, "rule chart, directory chart, effort chart")
        XCTAssertEqual(elements.filter { $0.name == "rect" }.count, 2 + 2 + 2)
        XCTAssertEqual(elements.filter { $0.name == "script" }.count, 0)
        XCTAssertEqual(elements.filter { $0.attributes["class"]?.hasPrefix("finding") == true }.count, 3)
        let totals = elements.first { $0.attributes["id"] == "totals" }?.text ?? ""
        XCTAssertTrue(totals.contains("3 findings") && totals.contains("1 error") && !totals.contains("1 errors") && totals.contains("3 files scanned"), totals)
        // Every in-page link leads to an element of the page.
        for link in elements.compactMap({ $0.attributes["href"] }) where link.hasPrefix("#") {
            XCTAssertTrue(ids.contains(String(link.dropFirst())), link)
        }
        XCTAssertFalse(html.contains("src="), "nothing is loaded from elsewhere")
    }

    func testHTMLEscapesPathsMessagesAndSourceLines() {
        let html = render(report([finding(hostile, line: 2, message: "a <i>message</i> & more")]))
        XCTAssertFalse(html.contains("<script>"))
        XCTAssertFalse(html.contains("<i>message"))
        XCTAssertFalse(html.contains("<b>&amp;</b>"))
        XCTAssertTrue(html.contains("// &lt;b&gt;&amp;amp;&lt;/b&gt;"))
        XCTAssertTrue(html.contains("let z = &quot;\u{FFFD}&quot;"), "control characters XML forbids are replaced")
        let elements = parse(html)
        XCTAssertTrue(elements.contains { $0.name == "code" && $0.text == hostile })
        let hit = elements.first { $0.attributes["class"] == "hit" }
        XCTAssertEqual(hit?.text, "2var c: NSURLConnection? // <b>&amp;</b>")
    }

    func testEscapingReplacesExactlyWhatXMLForbidsOrReads() {
        let cases: [(text: String, content: String, attribute: String)] = [
            ("", "", ""),
            ("NSURLConnection", "NSURLConnection", "NSURLConnection"),
            ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f", "a&amp;b&lt;c&gt;d&quot;e&#39;f"),
            ("&", "&amp;", "&amp;"),
            ("tab\tline\ncr\r", "tab\tline\ncr\r", "tab&#9;line&#10;cr&#13;"),
            ("nul\u{0}bell\u{7}esc\u{1B}", "nul\u{FFFD}bell\u{FFFD}esc\u{FFFD}", "nul\u{FFFD}bell\u{FFFD}esc\u{FFFD}"),
            ("\u{FFFE}x\u{FFFF}", "\u{FFFD}x\u{FFFD}", "\u{FFFD}x\u{FFFD}"),
            // U+FFFD (EF BF BD), U+FFEE (EF BF AE), U+FEFF and U+EFFF share the lead byte EF and stay.
            ("\u{FFFD}\u{FEFF}\u{EFFF}\u{FFEE}", "\u{FFFD}\u{FEFF}\u{EFFF}\u{FFEE}", "\u{FFFD}\u{FEFF}\u{EFFF}\u{FFEE}"),
            ("é<🙂>\u{85}", "é&lt;🙂&gt;\u{85}", "é&lt;🙂&gt;\u{85}"),
            ("ends with EF BF BF: \u{FFFF}", "ends with EF BF BF: \u{FFFD}", "ends with EF BF BF: \u{FFFD}"),
        ]
        // Bytes, not Strings: String equality is canonical equivalence, blind to some replacements.
        for (text, content, attribute) in cases {
            XCTAssertEqual(Array(HTMLEscaping.escape(text).utf8), Array(content.utf8), text.debugDescription)
            XCTAssertEqual(Array(HTMLEscaping.escapeAttribute(text).utf8), Array(attribute.utf8), text.debugDescription)
        }
    }

    func testHTMLShowsTheLinesAroundEachFinding() {
        let lines = (1...10).map { "line \($0)" }
        let html = render(report([finding("A.swift", line: 5)]), lines: lines)
        let source = parse(html).first { $0.name == "pre" }?.text
        XCTAssertEqual(source, "3line 34line 45line 56line 67line 7")
    }

    func testHTMLOfACleanScanSaysSo() {
        let html = render(report([]))
        XCTAssertTrue(html.contains("No findings."))
        _ = parse(html)
    }

    func testMigrationEffortFollowsTheDocumentedFormula() {
        let entries = MigrationEffort.estimate([
            finding("Sources/A.swift", line: 1),                                          // fixable: 0.1
            finding("Sources/A.swift", line: 2, rule: "uiwebview", severity: .error),     // 2
            finding("Sources/B.m", line: 1),                                              // moved with its class: 0.1
            finding("Sources/B.m", line: 2, rule: "nsurlconnection-send-synchronous"),    // Objective-C warning: 1
            finding("Tests/C.swift", line: 1, rule: "semaphore-around-task", severity: .note),  // 0.25
            finding("Root.swift", line: 1, rule: "uiwebview"),                            // 1
        ])
        XCTAssertEqual(entries.map(\.directory), ["Sources", ".", "Tests"])
        XCTAssertEqual(entries[0].hours, 0.5 * 2 + 0.1 + 2 + 0.1 + 1, accuracy: 1e-9)
        XCTAssertEqual(entries[1].hours, 0.5 + 1, accuracy: 1e-9)
        XCTAssertEqual(entries[2].hours, 0.5 + 0.25, accuracy: 1e-9)
        XCTAssertEqual(entries[0].files, 2)
    }

    func testFormatHTMLFromTheCommandLineWritesOneFile() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.swift", "let c: UIWebView? = nil // <x>\n")
        let run = CLIRun(["--format", "html", "--output", "report.html", "Sources"], in: tree.root,
                         command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(run.status, 1)
        let html = try String(contentsOfFile: tree.path("report.html"), encoding: .utf8)
        let elements = parse(html)
        XCTAssertEqual(elements.first { $0.attributes["class"] == "hit" }?.text, "1let c: UIWebView? = nil // <x>")
    }

    /// The page's file sections wait in a spool while later files are scanned: past its memory
    /// limit in a temporary file, given back whole and in order.
    func testTheSpoolGivesBackEveryPieceInOrderFromMemoryAndFromItsFile() {
        for limit in [64, 1 << 20] {
            var spool = SpoolBuffer(memoryLimit: limit)
            var expected = ""
            for index in 0..<3_000 {
                let piece = "<section id=\"f\(index)\">é日本\(String(repeating: "x", count: index % 97))</section>\n"
                spool.append(piece)
                expected += piece
            }
            var drained = ""
            spool.drain { drained += $0 }
            XCTAssertEqual(drained, expected, "limit \(limit)")
            var again = ""
            spool.drain { again += $0 }
            XCTAssertEqual(again, "", "a drained spool is empty")
        }
    }

    /// Streamed file by file, the page still has every section: the charts, the effort table and
    /// the explanations are made from counts kept as files pass, not from findings held.
    func testTheStreamedPageIsThePageOfTheWholeReport() {
        let findings = (0..<40).map { index in
            finding(["Sources/A\(index).swift", "Tests/B\(index).m", "C\(index).swift"][index % 3], line: index % 5 + 1,
                    rule: ["uiwebview", "nsurlconnection-reference"][index % 2], severity: [.note, .warning, .error][index % 3])
        }.sorted(by: Finding.reportOrder)
        let whole = report(findings)
        let reporter = HTMLReporter(sourceLines: { _, _ in SourceLineTable(lines: ["a", "b", "c", "d", "e"]) })
        var stream = reporter.makeStream()
        var streamed = ""
        stream.begin(root: whole.root) { streamed += $0 }
        var start = 0
        while start < whole.findings.count {
            let path = whole.findings[start].finding.path
            let end = whole.findings[start...].firstIndex { $0.finding.path != path } ?? whole.findings.count
            stream.write(Array(whole.findings[start..<end])) { streamed += $0 }
            start = end
        }
        stream.end(whole.totals) { streamed += $0 }
        let elements = parse(streamed)
        XCTAssertEqual(elements.filter { $0.attributes["class"] == "file" }.count, 40)
        XCTAssertEqual(elements.first { $0.attributes["id"] == "totals" }?.text.contains("40 findings"), true)
        let totalHours = MigrationEffort.estimate(findings).reduce(0) { $0 + $1.hours }
        XCTAssertEqual(elements.last { $0.name == "tfoot" }?.text, "Total40\(findings.count)\(SVGBarChart.number(totalHours))")
        XCTAssertEqual(
            elements.filter { $0.name == "section" && $0.attributes["class"] == "rule" }.compactMap { $0.attributes["id"] },
            ["rule-nsurlconnection-reference", "rule-uiwebview"])
    }

    /// Lines are split at line feeds, a carriage return before one dropped, so a CRLF file shows
    /// its context like any other (split at `Character`s, where CR LF is one, a CRLF file was one
    /// line and its findings past the first line had no source lines).
    func testSourceLinesAreSplitAtLineFeedsWithCarriageReturnsDropped() throws {
        let text = SourceLineTable(Array("one\r\ntwo\n\nfour\rstill four\r\nfive".utf8))
        XCTAssertEqual(text.lineCount, 5)
        XCTAssertEqual((1...5).map(text.text(ofLine:)), ["one", "two", "", "four\rstill four", "five"])
        XCTAssertEqual(SourceLineTable(Array("a\n\n".utf8)).lineCount, 2)
        XCTAssertEqual(SourceLineTable([0x61, 0xE6, 0x0A, 0x62]).text(ofLine: 1), "a\u{FFFD}")

        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.swift", "// one\r\n// two\r\nlet w: UIWebView? = nil\r\n// four\r\n")
        let run = CLIRun(["--format", "html", "--output", "report.html", "."], in: tree.root,
                         command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(run.status, 1)
        let elements = parse(try String(contentsOfFile: tree.path("report.html"), encoding: .utf8))
        XCTAssertEqual(elements.first { $0.attributes["class"] == "hit" }?.text, "3let w: UIWebView? = nil")
        XCTAssertEqual(elements.filter { $0.attributes["class"] == "number" }.map(\.text), ["1", "2", "3", "4"])
    }
}

extension SourceLineTable {
    /// The table of a file holding `lines`, each followed by a line feed.
    init(lines: [String]) {
        self.init(Array(lines.map { $0 + "\n" }.joined().utf8))
    }
}
