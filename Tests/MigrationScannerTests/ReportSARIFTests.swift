import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class ReportSARIFTests: XCTestCase {
    private func sarif(_ report: ScanReport = ReportFixtures.report) throws -> [String: Any] {
        let text = SARIFReporter(rules: CLITestFixtures.catalog).format(report)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func run(_ document: [String: Any]) throws -> [String: Any] {
        let runs = try XCTUnwrap(document["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        return runs[0]
    }

    func testTopLevelHasSchemaAndVersion() throws {
        let document = try sarif()
        XCTAssertEqual(document["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        XCTAssertEqual(document["version"] as? String, "2.1.0")
    }

    func testDriverListsEveryRuleWithTheMetadataGitHubReads() throws {
        let driver = try XCTUnwrap((try run(try sarif())["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "migrate-scan")
        XCTAssertEqual(driver["semanticVersion"] as? String, ToolIdentity.version)
        XCTAssertNotNil(driver["informationUri"] as? String)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, CLITestFixtures.catalog.map(\.id))
        for (rule, description) in zip(rules, CLITestFixtures.catalog) {
            XCTAssertEqual((rule["shortDescription"] as? [String: Any])?["text"] as? String, description.summary)
            XCTAssertEqual((rule["fullDescription"] as? [String: Any])?["text"] as? String, description.rationale)
            XCTAssertNotNil((rule["help"] as? [String: Any])?["text"] as? String)
            XCTAssertTrue(((rule["help"] as? [String: Any])?["markdown"] as? String)?.hasPrefix("## " + description.id) ?? false)
            XCTAssertEqual(rule["helpUri"] as? String, ToolIdentity.rulesDocumentationURI + "#" + description.id)
            XCTAssertTrue((rule["helpUri"] as? String)?.hasPrefix("https://") ?? false, "SARIF wants an absolute URI")
            XCTAssertEqual(
                (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String, description.defaultSeverity.rawValue)
        }
    }

    func testResultsCarryRuleIndexLevelMessageLocationAndFingerprints() throws {
        let run = try run(try sarif())
        let base = try XCTUnwrap((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])
        XCTAssertEqual(base["uri"] as? String, "file:///project/")
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        for (result, reported) in zip(results, ReportFixtures.report.findings) {
            let finding = reported.finding
            XCTAssertEqual(result["ruleId"] as? String, finding.ruleID)
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, finding.ruleID)
            XCTAssertEqual(result["level"] as? String, finding.severity.rawValue)
            XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String, finding.message)
            let locations = try XCTUnwrap(result["locations"] as? [[String: Any]])
            let physical = try XCTUnwrap(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
            XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%")
            XCTAssertFalse((artifact["uri"] as? String ?? "/").hasPrefix("/"))
            let region = try XCTUnwrap(physical["region"] as? [String: Int])
            XCTAssertEqual(region, ["startLine": finding.line, "startColumn": finding.column, "endColumn": finding.endColumn])
            let fingerprints = try XCTUnwrap(result["partialFingerprints"] as? [String: String])
            XCTAssertEqual(fingerprints["primaryLocationLineHash"], reported.fingerprint.description)
            XCTAssertEqual(fingerprints["migrateScanLineHash/v1"], reported.fingerprint.lineHash)
        }
        let uris = results.compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any])?["uri"] as? String
        }
        XCTAssertEqual(uris, ["Sources/A.swift", "Sources/A.swift", "Sources/%C3%9Cn%C3%AF%20dir/b.m"])
    }

    func testInvocationReportsFailureWhenAPathCouldNotBeRead() throws {
        var report = ReportFixtures.report
        XCTAssertEqual(((try run(try sarif(report))["invocations"] as? [[String: Any]])?.first)?["executionSuccessful"] as? Bool, true)
        report.diagnostics.append(ScanDiagnostic(level: .error, path: "x.swift", message: "cannot read: Permission denied"))
        let invocation = try XCTUnwrap((try run(try sarif(report))["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        XCTAssertEqual((invocation["toolExecutionNotifications"] as? [Any])?.count, 2)
    }

    func testFindingOfAnUnlistedRuleStillGetsADescriptorAndAbsolutePathsGetFileURIs() throws {
        let report = ScanReport(
            root: "/project",
            findings: [
                ReportedFinding(
                    finding: Finding(
                        ruleID: "not-in-catalog", severity: .warning, path: "/elsewhere/a b.swift", line: 1, column: 1,
                        endColumn: 2, message: "m", replacement: "r"),
                    fingerprint: FindingFingerprint(lineHash: "0000000000000001", occurrence: 1))
            ], filesScanned: 1, diagnostics: [])
        let run = try run(try sarif(report))
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(rules[try XCTUnwrap(result["ruleIndex"] as? Int)]["id"] as? String, "not-in-catalog")
        let artifact = (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
            "artifactLocation"] as? [String: Any])
        XCTAssertEqual(artifact?["uri"] as? String, "file:///elsewhere/a%20b.swift")
        XCTAssertNil(artifact?["uriBaseId"])
    }

    func testGoldenSARIF() {
        let report = ScanReport(
            root: "/project", findings: [ReportFixtures.report.findings[1]], filesScanned: 1, diagnostics: [])
        XCTAssertEqual(SARIFReporter(rules: [CLITestFixtures.catalog[1]]).format(report), Self.goldenSARIF)
    }

    static let goldenSARIF = #"""
        {
          "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
          "version": "2.1.0",
          "runs": [
            {
              "tool": {
                "driver": {
                  "name": "migrate-scan",
                  "version": "\#(ToolIdentity.version)",
                  "semanticVersion": "\#(ToolIdentity.version)",
                  "informationUri": "https://github.com/url-connection-migration/URLConnectionMigration",
                  "rules": [
                    {
                      "id": "uiwebview",
                      "shortDescription": {
                        "text": "UIWebView | deprecated."
                      },
                      "fullDescription": {
                        "text": "Rejected by the App Store."
                      },
                      "help": {
                        "text": "Rejected by the App Store.\n\nInstead: WKWebView",
                        "markdown": "## uiwebview\n\nDefault severity: **error**\n\nUIWebView | deprecated.\n\n**Why:** Rejected by the App Store.\n\n**Instead:** WKWebView\n\nTriggering examples:\n\n````swift scanned\nlet w = UIWebView()\n// ```fence```\n````\n"
                      },
                      "helpUri": "https://github.com/url-connection-migration/URLConnectionMigration/blob/\#(ToolIdentity.documentationReference)/Docs/Rules.md#uiwebview",
                      "defaultConfiguration": {
                        "level": "error"
                      },
                      "properties": {
                        "tags": [
                          "migration",
                          "networking"
                        ]
                      }
                    }
                  ]
                }
              },
              "originalUriBaseIds": {
                "%SRCROOT%": {
                  "uri": "file:///project/"
                }
              },
              "columnKind": "unicodeCodePoints",
              "results": [
                {
                  "ruleId": "uiwebview",
                  "ruleIndex": 0,
                  "level": "error",
                  "message": {
                    "text": "UIWebView is rejected"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/A.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 3,
                          "startColumn": 9,
                          "endColumn": 18
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "primaryLocationLineHash": "00000000000000bb:2",
                    "migrateScanLineHash/v1": "00000000000000bb"
                  }
                }
              ],
              "invocations": [
                {
                  "executionSuccessful": true
                }
              ]
            }
          ]
        }

        """#
}
