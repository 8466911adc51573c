import XCTest

@testable import MigrationScanner

/// Files `scanner-fuzz` found once it ran every `--fix` target through the command's path: each
/// crashed the Objective-C or URLSession rewrite.
final class FixFuzzFindingsTests: XCTestCase {
    /// Seed 7, case 199: an `@implementation` whose `@end` a mutation broke (`@en#if false`).
    func testIssue42AnImplementationWithoutEndStaysWithANote() {
        let bytes = Array("""
            @implementation L
            - (void)start { [NSURLConnection connectionWithRequest:r delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @en#if false
            d

            """.utf8)
        XCTAssertEqual(SingleFileRun().fixEdits(bytes, language: .objectiveC), [])
        XCTAssertEqual(ObjectiveCSourceFixer().fix(bytes).notes.map(\.reason), ["L's @implementation has no @end; L is left on NSURLConnection"])
    }

    func testIssue42ASwiftClassWithoutClosingBraceStaysOnTheShim() {
        let bytes = Array("""
            import Foundation
            class L: NSObject, NSURLConnectionDataDelegate {
                func load(_ r: URLRequest) { _ = NSURLConnection(request: r, delegate: self) }
                func connectionDidFinishLoading(_ connection: NSURLConnection) { }

            """.utf8)
        let outcome = SwiftSessionFixer().fix(bytes)
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(outcome.notes.contains { $0.reason == "L has no closing brace; it stays on URLConnectionShim" }, "\(outcome.notes)")
    }

    /// An insertion and a replacement that start at one offset apply in that order, whatever order
    /// they come in: the Objective-C fixer's second stage composes such pairs.
    func testIssue42AnInsertionWhereAReplacementStartsGoesFirst() {
        let bytes = Array("abc".utf8)
        let edits = [SourceEdit(range: 0..<1, replacement: "X"), SourceEdit(range: 0..<0, replacement: "i")]
        XCTAssertEqual(String(decoding: SourceEdit.apply(edits, to: bytes), as: UTF8.self), "iXbc")
        XCTAssertEqual(String(decoding: SourceEdit.apply(edits.reversed(), to: bytes), as: UTF8.self), "iXbc")
    }
}
