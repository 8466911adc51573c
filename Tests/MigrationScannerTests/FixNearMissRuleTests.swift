import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// a signature that would compile against the shim and never be called is a finding.
final class FixNearMissRuleTests: XCTestCase {
    private func nearMisses(_ source: String) -> [Finding] {
        SourceScanner(ruleIDs: ["delegate-signature-near-miss"]).scan(Array(source.utf8), language: .swift, path: "A.swift")
    }

    func testDelegateSignatureNearMissNamesTheDeclarationToWrite() throws {
        let findings = nearMisses("""
            class T: NSObject, URLConnectionDataDelegate {
                func connection(_ connection: URLConnection, didReceiveData data: NSData) { }
            }
            """)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.line, 2)
        XCTAssertEqual(finding.column, 10)
        XCTAssertEqual(finding.message, "delegate method connection:didReceiveData: does not match URLConnectionShim's "
            + "connection(_:didReceive:) and would never be called; declare func connection(_ connection: URLConnection, didReceive data: Data)")
    }

    func testDelegateSignatureNearMissIgnoresARenameOnly() {
        XCTAssertEqual(nearMisses("func connectionDidFinishLoading(_ connection: NSURLConnection) { }"), [])
    }

    func testDelegateSignatureNearMissReportsEveryLegacyMethodOfTheFixture() throws {
        var count = 0
        for url in try FixtureSources.legacyAppFiles() {
            count += nearMisses(String(decoding: try Data(contentsOf: url), as: UTF8.self)).count
        }
        XCTAssertEqual(count, 8)
    }

    func testDelegateSignatureNearMissNeverFiresInObjectiveC() {
        let findings = SourceScanner(ruleIDs: ["delegate-signature-near-miss"]).scan(
            Array("- (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)d { }".utf8),
            language: .objectiveC, path: "A.m")
        XCTAssertEqual(findings, [])
    }
}
