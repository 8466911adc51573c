import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// a URL protocol that forwards with NSURLConnection is rewritten so its
/// forwarding connection delivers on Linux too, and the forwarding and handled-tag rules keep
/// firing on whatever the file forwards with — the shim's names included — so a re-scan after
/// `--fix` is never cleaner than the code.
final class FixProtocolForwardingTests: XCTestCase {
    private let legacy = """
        import Foundation

        class ForwardingProtocol: NSURLProtocol, NSURLConnectionDataDelegate {
            var connection: NSURLConnection?
            override class func canInitWithRequest(request: NSURLRequest) -> Bool { return true }
            override func startLoading() {
                connection = NSURLConnection(request: request, delegate: self)
            }
        }
        func install() { NSURLProtocol.registerClass(ForwardingProtocol.self) }

        """

    private func findings(_ source: String) -> [String] {
        SourceScanner(ruleIDs: ["urlprotocol-forwards-with-nsurlconnection", "urlprotocol-missing-handled-tag"])
            .scan(Array(source.utf8), language: .swift, path: "A.swift").map { "\($0.line) \($0.ruleID)" }
    }

    func testForwardingGoesThroughAConnectionOnItsOwnQueueAndTheShimRegistration() {
        let fixed = String(decoding: SwiftShimEmitter().fix(Array(legacy.utf8)), as: UTF8.self)
        XCTAssertTrue(fixed.contains("connection = forwardingConnection(request: request, delegate: self)"), fixed)
        XCTAssertTrue(fixed.contains("func install() { URLConnection.registerProtocolClass(ForwardingProtocol.self) }"), fixed)
        XCTAssertTrue(fixed.hasSuffix(ProtocolForwardingRewrite.functionLines.map { $0 + "\n" }.joined()), fixed)
        XCTAssertEqual(SwiftShimEmitter().edits(for: Array(fixed.utf8)), [], "a second run changes nothing")
    }

    func testRulesFireBeforeAndAfterTheFix() {
        XCTAssertEqual(findings(legacy), ["5 urlprotocol-missing-handled-tag", "7 urlprotocol-forwards-with-nsurlconnection"])
        let fixed = String(decoding: SwiftShimEmitter().fix(Array(legacy.utf8)), as: UTF8.self)
        XCTAssertEqual(findings(fixed), ["9 urlprotocol-missing-handled-tag", "11 urlprotocol-forwards-with-nsurlconnection"])
        let renamedByHand = legacy.replacingOccurrences(of: "NSURLConnection", with: "URLConnection")
        XCTAssertEqual(findings(renamedByHand), ["5 urlprotocol-missing-handled-tag", "7 urlprotocol-forwards-with-nsurlconnection"])
    }

    func testOnlyTheTwoArgumentFormInsideStartLoadingIsRewritten() {
        let source = """
            class P: URLProtocol {
                override func startLoading() { c = URLConnection(request: request, delegate: self, startImmediately: false) }
            }
            class Loader { func startLoading() { c = URLConnection(request: r, delegate: self) } }
            """
        XCTAssertFalse(String(decoding: SwiftShimEmitter().fix(Array(source.utf8)), as: UTF8.self).contains("forwardingConnection"))
    }
}
