import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Checkstyle, JUnit and GitLab Code Quality reports. The structure each consumer
/// reads is checked here; `.ci/check-report-formats` also feeds real output to the consumers'
/// own parsers and schemas (junitparser, jsonschema, xmllint).
final class ReportCIFormatsTests: XCTestCase {
    private let unreadable = ScanDiagnostic(level: .error, path: "Locked.m", message: "Permission denied")

    private func xml(_ text: String) throws -> XMLElement {
        try XCTUnwrap(XMLDocument(xmlString: text, options: []).rootElement())
    }

    private func attribute(_ element: XMLNode, _ name: String) -> String? {
        (element as? XMLElement)?.attribute(forName: name)?.stringValue
    }

    func testCheckstyleGroupsFindingsPerFileWithSeverityAndSource() throws {
        var report = ReportFixtures.report
        report.diagnostics.append(unreadable)
        let root = try xml(CheckstyleReporter().format(report))
        XCTAssertEqual(root.name, "checkstyle")
        let files = root.elements(forName: "file")
        XCTAssertEqual(files.compactMap { attribute($0, "name") }, ["Sources/A.swift", "Sources/Ünï dir/b.m", "Locked.m"])
        let errors = files[0].elements(forName: "error")
        XCTAssertEqual(errors.compactMap { attribute($0, "severity") }, ["warning", "error"])
        XCTAssertEqual(errors.compactMap { attribute($0, "source") }, ["migrate-scan.nsurlconnection-reference", "migrate-scan.uiwebview"])
        XCTAssertEqual(attribute(errors[0], "line"), "3")
        XCTAssertEqual(attribute(errors[0], "column"), "9")
        XCTAssertEqual(
            attribute(errors[0], "message"), "NSURLConnection is \"legacy\"\tuse URLSession\\now [nsurlconnection-reference]")
        XCTAssertEqual(files[1].elements(forName: "error").compactMap { attribute($0, "severity") }, ["info"])
        XCTAssertEqual(files[2].elements(forName: "error").compactMap { attribute($0, "source") }, ["migrate-scan.unreadable"])
    }

    func testJUnitHasAFailedTestCasePerFindingAndCountsThatAgree() throws {
        var report = ReportFixtures.report
        report.diagnostics.append(unreadable)
        let root = try xml(JUnitReporter().format(report))
        XCTAssertEqual(root.name, "testsuites")
        let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(attribute(suite, "tests"), String(cases.count))
        XCTAssertEqual(attribute(suite, "failures"), "3")
        XCTAssertEqual(attribute(suite, "errors"), "1")
        XCTAssertEqual(cases.compactMap { attribute($0, "classname") }, ["Sources/A.swift", "Sources/A.swift", "Sources/Ünï dir/b.m", "Locked.m"])
        XCTAssertEqual(attribute(cases[1], "name"), "uiwebview at 3:9")
        let failure = try XCTUnwrap(cases[1].elements(forName: "failure").first)
        XCTAssertEqual(attribute(failure, "type"), "error")
        XCTAssertEqual(failure.stringValue, "Sources/A.swift:3:9: error: UIWebView is rejected [uiwebview]\nReplacement: WKWebView")
        XCTAssertEqual(cases[3].elements(forName: "error").count, 1)
    }

    func testJUnitWithoutFindingsIsOnePassingTestCase() throws {
        let root = try xml(JUnitReporter().format(ScanReport(root: "/r", findings: [], filesScanned: 2, diagnostics: [])))
        let cases = try XCTUnwrap(root.elements(forName: "testsuite").first).elements(forName: "testcase")
        XCTAssertEqual(cases.count, 1)
        XCTAssertTrue(cases[0].children?.isEmpty ?? true)
        XCTAssertEqual(attribute(root, "failures"), "0")
    }

    func testGitLabCodeQualityHasEveryRequiredKey() throws {
        let text = GitLabCodeQualityReporter().format(ReportFixtures.report)
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(issues.count, 3)
        XCTAssertEqual(issues.compactMap { $0["severity"] as? String }, ["major", "critical", "info"])
        XCTAssertEqual(issues.compactMap { $0["check_name"] as? String }, ["nsurlconnection-reference", "uiwebview", "semaphore-around-task"])
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(fingerprints).count, 3, "GitLab needs a unique fingerprint per issue")
        let location = try XCTUnwrap(issues[2]["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, "Sources/Ünï dir/b.m")
        XCTAssertEqual((location["lines"] as? [String: Int])?["begin"], 12)
        XCTAssertEqual(issues[0]["description"] as? String, "NSURLConnection is \"legacy\"\tuse URLSession\\now [nsurlconnection-reference]")
    }

    func testNewFormatsOnStandardOutputKeepStandardErrorClean() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.m", "NSURLConnection *c;\n")
        for format in ["checkstyle", "junit", "gitlab"] {
            let run = CLIRun(["--format", format], in: tree.root)
            XCTAssertEqual(run.status, 1, format)
            XCTAssertEqual(run.stderr, "", format)
            XCTAssertTrue(run.stdout.contains("a.m"), format)
        }
    }
}
