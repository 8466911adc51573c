import XCTest
@testable import MigrationScanner

final class LexerPrefilterTests: XCTestCase {
    private let names = ["NSURLConnection", "canInit", "UIWebView", "sendSynchronousRequest"]

    func testFindsEveryNameAtEveryAlignmentAndAtTheEdges() {
        let prefilter = NamePrefilter(names: names)
        for name in names {
            for padding in 0..<9 {
                let filler = String(repeating: "x", count: padding)
                XCTAssertTrue(prefilter.mayMatch(Array((filler + name).utf8)), "\(name) after \(padding)")
                XCTAssertTrue(prefilter.mayMatch(Array((filler + name + filler).utf8)), "\(name) inside \(padding)")
                XCTAssertFalse(prefilter.mayMatch(Array((filler + name.dropLast()).utf8)), "\(name) truncated")
            }
        }
    }

    func testALongNameAloneIsFoundAtEveryAlignmentWithAWideStride() {
        let prefilter = NamePrefilter(names: ["migrate-scan:"])
        for padding in 0..<24 {
            let filler = String(repeating: "y", count: padding)
            XCTAssertTrue(prefilter.mayMatch(Array((filler + "// migrate-scan:disable" + filler).utf8)), "after \(padding)")
            XCTAssertFalse(prefilter.mayMatch(Array((filler + "// migrate-scan disable" + filler).utf8)), "no colon, \(padding)")
        }
    }

    func testRejectsFilesWithoutAnyName() {
        let prefilter = NamePrefilter(names: names)
        XCTAssertFalse(prefilter.mayMatch([]))
        XCTAssertFalse(prefilter.mayMatch(Array("let session = URLSession.shared // NSURL Connection canIni".utf8)))
    }

    func testScannerSkipsFilesTheRulesCannotMatch() {
        let clean = Array(String(repeating: "let value = compute(x) + other.value // plain code\n", count: 1_000).utf8)
        XCTAssertEqual(SourceScanner().scan(clean, language: .swift, path: "clean.swift"), [])
        let scanner = SourceScanner(ruleIDs: ["uiwebview"])
        XCTAssertEqual(scanner.scan(Array("var c: NSURLConnection?".utf8), language: .swift, path: "a.swift"), [])
        XCTAssertEqual(scanner.scan(Array("var w: UIWebView?".utf8), language: .swift, path: "a.swift").count, 1)
    }
}
