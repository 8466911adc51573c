import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Docs/FixByExample.md shows one class before and after each `--fix` target: its diffs are what
/// `migrate-scan --diff` prints for that class.
final class FixByExampleDocumentTests: XCTestCase {
    func testTheDocumentsDiffsAreWhatDiffPrintsForEachTarget() throws {
        let document = try String(contentsOf: CIRecipeDocumentation.url("Docs/FixByExample.md"), encoding: .utf8)
        let swiftClass = try XCTUnwrap(CIRecipeDocumentation.codeBlocks(in: document, language: "swift scanned").first)
        let tree = try CLITemporaryTree(self)
        try tree.write("swift/FeedLoader.swift", swiftClass + "\n")
        try tree.write("objc/FeedLoader.h", Self.objectiveCHeader)
        try tree.write("objc/FeedLoader.m", Self.objectiveCImplementation)
        func diff(_ arguments: [String], in directory: String) -> String {
            let root = tree.path(directory)
            return CLIRun(["--diff"] + arguments, in: root, command: MigrationScanCommand(currentDirectory: root)).stdout
        }
        XCTAssertEqual(CIRecipeDocumentation.codeBlocks(in: document, language: "diff").map { $0 + "\n" }, [
            diff(["FeedLoader.swift"], in: "swift"),
            diff(["--to", "urlsession", "FeedLoader.swift"], in: "swift"),
            diff(["."], in: "objc"),
        ], "regenerate Docs/FixByExample.md's diffs with migrate-scan --diff")
    }

    /// The Swift class of the document in Objective-C, as its Objective-C diff shows it.
    private static let objectiveCHeader = """
        #import <Foundation/Foundation.h>

        /// Loads the news feed and hands its bytes to a completion block.
        @interface FeedLoader : NSObject <NSURLConnectionDataDelegate>
        @property (nonatomic, copy) void (^completion)(NSData *data, NSError *error);
        - (void)loadURL:(NSURL *)url;
        - (void)cancel;
        @end

        """

    private static let objectiveCImplementation = """
        #import "FeedLoader.h"

        @implementation FeedLoader {
            NSURLConnection *_connection;
            NSMutableData *_received;
        }

        - (void)loadURL:(NSURL *)url {
            NSURLRequest *request = [NSURLRequest requestWithURL:url];
            _received = [NSMutableData data];
            _connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];
        }

        - (void)cancel {
            [_connection cancel];
            _connection = nil;
        }

        - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
            [_received setLength:0];
        }

        - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
            [_received appendData:data];
        }

        - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            self.completion(_received, nil);
            _connection = nil;
        }

        - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
            self.completion(nil, error);
            _connection = nil;
        }

        @end

        """
}
