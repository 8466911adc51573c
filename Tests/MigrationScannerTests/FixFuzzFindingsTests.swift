import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Files `scanner-fuzz` found once it ran every `--fix` target through the command's path: each
/// crashed the Objective-C or URLSession rewrite.
final class FixFuzzFindingsTests: XCTestCase {
    /// Seed 7, case 199: an `@implementation` whose `@end` a mutation broke (`@en#if false`).
    func testAnImplementationWithoutEndStaysWithANote() {
        let bytes = Array("""
            @implementation L
            - (void)start { [NSURLConnection connectionWithRequest:r delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @en#if false
            d

            """.utf8)
        XCTAssertEqual(SingleFileRun().fixEdits(bytes, language: .objectiveC), [])
        XCTAssertEqual(ObjectiveCSessionFixer().fix(bytes).notes.map(\.reason), ["L's @implementation has no @end; L is left on NSURLConnection"])
    }

    /// Seed 23, case 19040: a file whose lines end in carriage returns alone, with one line feed
    /// a mutation put inside a `sendAsynchronousRequest:` message. The added function went after
    /// that line feed, inside the message's edits, and composing them trapped.
    func testAFileOfCarriageReturnsGetsTheFunctionAfterItsImports() {
        let source = "#import <Foundation/Foundation.h>\r@implementation L\r- (void)go {\r"
            + "    [NSURLConnection sendAsynchronousRequest:r\n queue:q completionHandler:^(NSURLResponse *a, NSData *d, NSError *e) { }];\r"
            + "}\r@end\r"
        let bytes = Array(source.utf8)
        let text = String(decoding: SourceEdit.apply(SingleFileRun().fixEdits(bytes, language: .objectiveC), to: bytes), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("#import <Foundation/Foundation.h>\r\n// +[NSURLConnection sendAsynchronousRequest:"), text)
        XCTAssertTrue(text.contains("    SessionSendAsynchronousRequest(r, q, ^(NSURLResponse *a, NSData *d, NSError *e) { });\r"), text)
    }

    /// Seed 29, case 18078 (and seed 23's 16020 and 17307): classes whose braces never close, each
    /// nested in the one before, were each read to the end of the file, so `--to urlsession` on
    /// 200 KB took seconds. A class's plan reads its own body, not the types declared in it.
    func testANestedClassesConnectionsAreItsOwnNotTheOuterClasss() {
        let file = ScannedFile(bytes: Array("""
            import Foundation
            import URLConnectionShim
            class Outer: NSObject, URLConnectionDataDelegate {
                class Inner: NSObject, URLConnectionDataDelegate {
                    var connection: URLConnection?
                    func load(_ request: URLRequest) { connection = URLConnection(request: request, delegate: self) }
                    func connectionDidFinishLoading(_ connection: URLConnection) { }
                }
                func load(_ request: URLRequest) { _ = URLConnection(request: request, delegate: self) }
                func connectionDidFinishLoading(_ connection: URLConnection) { }
            }

            """.utf8), language: .swift)
        let plans = SwiftConnectionMigrationPlanner(file: file, appleOnly: false).plans()
        let creations = Dictionary(plans.map { ($0.className, $0.creationSites.count) }, uniquingKeysWith: +)
        XCTAssertEqual(creations["Outer"], 1, "the nested class's creation is not the outer class's")
        XCTAssertEqual(creations["Inner"], 1)
    }

    func testASwiftClassWithoutClosingBraceStaysOnTheShim() {
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
    func testAnInsertionWhereAReplacementStartsGoesFirst() {
        let bytes = Array("abc".utf8)
        let edits = [SourceEdit(range: 0..<1, replacement: "X"), SourceEdit(range: 0..<0, replacement: "i")]
        XCTAssertEqual(String(decoding: SourceEdit.apply(edits, to: bytes), as: UTF8.self), "iXbc")
        XCTAssertEqual(String(decoding: SourceEdit.apply(edits.reversed(), to: bytes), as: UTF8.self), "iXbc")
    }

    /// Seed 19, case 15881: Objective-C's message syntax inside a Swift initialiser call made the
    /// URLSession rewrite edit one place twice, and applying it trapped.
    func testAClassWhoseURLSessionRewriteWouldEditOnePlaceTwiceStaysOnTheShim() {
        let bytes = Array("""
            class Loader: NSObject {
                func start() { connection = NSURLConnection(request: [NSURLConnection alloc] request, delegate: self) }
                func connectionDidFinishLoading(_ connection: NSURLConnection) { }
            }

            """.utf8)
        let outcome = SwiftSessionFixer().fix(bytes)
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(outcome.notes.contains { $0.reason.contains("would edit one place twice") }, "\(outcome.notes)")
    }

    /// Seeds 19, cases 7090 and 8278: a delegate method defined twice (as `#if` branches may) moved
    /// once, and a second `--fix` found the copy left behind.
    func testAClassThatDefinesADelegateMethodTwiceStaysOnTheShim() {
        let bytes = Array("""
            class Loader: NSObject {
                func start(_ request: URLRequest) { connection = URLConnection(request: request, delegate: self) }
                func connectionDidFinishLoading(_ connection: URLConnection) { }
                func connectionDidFinishLoading(_ connection: URLConnection) { }
            }

            """.utf8)
        let outcome = SwiftSessionFixer().fix(bytes)
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(outcome.notes.contains { $0.reason.contains("defines connectionDidFinishLoading: more than once") }, "\(outcome.notes)")
        XCTAssertEqual(SwiftSessionFixer().fix(SourceEdit.apply(outcome.edits, to: bytes)).edits, [], "a second --fix changes nothing")
    }
}
