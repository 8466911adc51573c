import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// What Objective-C findings and `--fix`'s notes say to someone migrating an app: the NSURLSession
/// method by name, documentation links that exist outside this repository, and a refused class's
/// findings pointing to the refusal instead of advising `--fix`.
final class ObjectiveCMessageTests: XCTestCase {
    private let loader = """
        @interface FeedLoader : NSObject <NSURLConnectionDataDelegate>
        // Re-declared so that subclasses can call super.
        - (void)connectionDidFinishLoading:(NSURLConnection *)connection;
        @end
        @implementation FeedLoader
        - (void)fetch:(NSURLRequest *)request {
            NSURLConnection *started = [[NSURLConnection alloc] initWithRequest:request delegate:self];
        }
        - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data { }
        - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
        @end

        """

    func testADelegateMethodFindingNamesItsNSURLSessionMethodAndALinkOfThisVersion() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("FeedLoader.m", loader)
        let run = CLIRun(["--format", "json"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let messages = try XCTUnwrap(report["findings"] as? [[String: Any]])
            .filter { $0["rule"] as? String == "nsurlconnection-delegate-method" }.compactMap { $0["message"] as? String }
        let guide = ToolIdentity.documentationURI("Docs/MigrationGuide.md#objective-c-straight-to-nsurlsession")
        XCTAssertTrue(guide.hasPrefix("https://"))
        XCTAssertTrue(messages.contains(
            "NSURLConnection delegate method connection:didReceiveData:; use URLSession:dataTask:didReceiveData: "
                + "(migrate-scan --fix rewrites it; \(guide))"), "\(messages)")
        XCTAssertFalse(messages.contains { $0.contains("its NSURLSession delegate method") || $0.contains("RequestPropertyKey") }, "\(messages)")
    }

    func testARefusedClassesFindingsPointToTheRefusalAndDoNotAdviseFix() throws {
        let tree = try CLITemporaryTree(self)
        // Its challenge method, declared for subclasses, cannot keep its selector: the class stays.
        try tree.write("FeedLoader.m", loader.replacingOccurrences(
            of: "- (void)connectionDidFinishLoading:(NSURLConnection *)connection;",
            with: "- (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)a;"
        ).replacingOccurrences(
            of: "- (void)connectionDidFinishLoading:(NSURLConnection *)connection { }",
            with: "- (void)connectionDidFinishLoading:(NSURLConnection *)connection { }\n"
                + "- (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)a { }"))
        let run = CLIRun(["--fix", "."], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        let notes = run.stdout.split(separator: "\n")
        XCTAssertTrue(notes.first?.hasPrefix("FeedLoader.m:11:") == true
            && notes.first?.contains("sends, names or declares its challenge method") == true, run.stdout)
        XCTAssertGreaterThan(notes.count, 2, run.stdout)
        for note in notes.dropFirst() {
            XCTAssertTrue(note.contains(": note: not rewritten (Objective-C, as line 11 says): "), String(note))
            XCTAssertFalse(note.contains("(migrate-scan --fix"), String(note))
        }
    }

    func testAnObjectiveCURLProtocolIsNotAdvisedTheShimsSwiftAPI() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("CachingProtocol.m", """
            @interface CachingProtocol : NSURLProtocol
            @end
            @implementation CachingProtocol
            + (BOOL)canInitWithRequest:(NSURLRequest *)request { return YES; }
            - (void)startLoading { self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self]; }
            @end

            """)
        let run = CLIRun([], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertFalse(run.stdout.contains("RequestPropertyKey"), run.stdout)
        XCTAssertTrue(run.stdout.contains(
            "CachingProtocol is a URL protocol: it does not see sessions built from custom configurations; "
                + "list the protocol in the protocolClasses of each NSURLSessionConfiguration whose requests it must see "
                + "(never in its own forwarding session's) [urlprotocol-inventory]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("return NO from +canInitWithRequest:"), run.stdout)
    }
}
