import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

/// Runs every rule's own triggering and non-triggering examples: one test per rule id.
final class RuleExampleTests: XCTestCase {
    func test_nsurlconnection_create() { assertExamples(of: "nsurlconnection-create") }
    func test_nsurlconnection_send_synchronous() { assertExamples(of: "nsurlconnection-send-synchronous") }
    func test_nsurlconnection_send_asynchronous() { assertExamples(of: "nsurlconnection-send-asynchronous") }
    func test_nsurlconnection_reference() { assertExamples(of: "nsurlconnection-reference") }
    func test_nsurlconnection_delegate_conformance() { assertExamples(of: "nsurlconnection-delegate-conformance") }
    func test_nsurlconnection_delegate_method() { assertExamples(of: "nsurlconnection-delegate-method") }
    func test_delegate_signature_near_miss() { assertExamples(of: "delegate-signature-near-miss") }
    func test_delegate_missing_conformance() { assertExamples(of: "delegate-missing-conformance") }
    func test_nsurldownload() { assertExamples(of: "nsurldownload") }
    func test_afnetworking_connection_operation() { assertExamples(of: "afnetworking-connection-operation") }
    func test_asihttprequest() { assertExamples(of: "asihttprequest") }
    func test_uiwebview() { assertExamples(of: "uiwebview") }
    func test_response_completion_not_called() { assertExamples(of: "response-completion-not-called") }
    func test_session_per_request() { assertExamples(of: "session-per-request") }
    func test_delegate_queue_nil_ui() { assertExamples(of: "delegate-queue-nil-ui") }
    func test_delegate_queue_after_start() { assertExamples(of: "delegate-queue-after-start") }
    func test_urlprotocol_forwards_with_nsurlconnection() { assertExamples(of: "urlprotocol-forwards-with-nsurlconnection") }
    func test_urlprotocol_missing_handled_tag() { assertExamples(of: "urlprotocol-missing-handled-tag") }
    func test_urlprotocol_reads_httpbody() { assertExamples(of: "urlprotocol-reads-httpbody") }
    func test_urlprotocol_classes_replaced() { assertExamples(of: "urlprotocol-classes-replaced") }
    func test_urlprotocol_register_not_applied() { assertExamples(of: "urlprotocol-register-not-applied") }
    func test_urlprotocol_inventory() { assertExamples(of: "urlprotocol-inventory") }
    func test_trust_all_certificates() { assertExamples(of: "trust-all-certificates") }
    func test_semaphore_around_task() { assertExamples(of: "semaphore-around-task") }

    func testEveryCatalogueRuleHasATest() {
        let tested: Set<String> = ["nsurlconnection-create", "nsurlconnection-send-synchronous", "nsurlconnection-send-asynchronous", "nsurlconnection-reference", "nsurlconnection-delegate-conformance", "nsurlconnection-delegate-method", "delegate-signature-near-miss", "delegate-missing-conformance", "nsurldownload", "afnetworking-connection-operation", "asihttprequest", "uiwebview", "response-completion-not-called", "session-per-request", "delegate-queue-nil-ui", "delegate-queue-after-start", "urlprotocol-forwards-with-nsurlconnection", "urlprotocol-missing-handled-tag", "urlprotocol-reads-httpbody", "urlprotocol-classes-replaced", "urlprotocol-register-not-applied", "urlprotocol-inventory", "trust-all-certificates", "semaphore-around-task"]
        XCTAssertEqual(Set(RuleCatalog.descriptions.map(\.id)), tested)
        XCTAssertEqual(RuleCatalog.descriptions.count, tested.count, "rule ids are unique")
    }

    func testEveryRuleHasExamplesAndAReplacement() {
        for description in RuleCatalog.descriptions {
            XCTAssertFalse(description.triggeringExamples.isEmpty, description.id)
            XCTAssertFalse(description.nonTriggeringExamples.isEmpty, description.id)
            XCTAssertFalse(description.replacement.isEmpty, description.id)
        }
    }

    private func assertExamples(of id: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let description = RuleCatalog.descriptions.first(where: { $0.id == id }) else {
            return XCTFail("no rule \(id)", file: file, line: line)
        }
        // All rules run, as in production: other rules must not change this rule's result.
        let scanner = SourceScanner()
        for example in description.triggeringExamples {
            let findings = scanner.scan(Array(example.code.utf8), language: example.language, path: "example")
            XCTAssertTrue(
                findings.contains { $0.ruleID == id },
                "[\(id)] triggering \(example.language.rawValue) example found nothing:\n\(example.code)",
                file: file, line: line)
        }
        for example in description.nonTriggeringExamples {
            let findings = scanner.scan(Array(example.code.utf8), language: example.language, path: "example")
            let own = findings.filter { $0.ruleID == id }
            XCTAssertTrue(
                own.isEmpty,
                "[\(id)] non-triggering \(example.language.rawValue) example found \(own.map { "\($0.line):\($0.column)" }):\n\(example.code)",
                file: file, line: line)
        }
    }
}
