import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Issue 8, part 1: `--fix` writes atomically and keeps the mode, `--diff` prints and writes nothing,
/// a second run changes nothing, Objective-C outside a delegate class is reported with its NSURLSession replacement.
final class FixCommandTests: XCTestCase {
    let legacy = """
        import Foundation

        class Loader: NSObject, NSURLConnectionDataDelegate {
            // NSURLConnection stays in this comment
            func connectionDidFinishLoading(connection: NSURLConnection!) { }
        }

        """
    private let objectiveC = "- (void)load { self.c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"

    private func run(_ arguments: [String], in tree: CLITemporaryTree) -> CLIRun {
        CLIRun(arguments, in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
    }

    func testFixRewritesSwiftKeepsModeAndASecondRunChangesNothing() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Sources/Loader.swift", legacy)
        XCTAssertEqual(chmod(path, 0o640), 0)
        let first = run(["--fix", "Sources"], in: tree)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "fixed Sources/Loader.swift (4 edits)\n")
        XCTAssertEqual(first.stderr, "migrate-scan: fixed 1 of 1 Swift file (4 edits); 0 Objective-C findings left to migrate by hand\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), """
            import Foundation
            import URLConnectionShim

            class Loader: NSObject, URLConnectionDataDelegate {
                // NSURLConnection stays in this comment
                func connectionDidFinishLoading(_ connection: URLConnection) { }
            }

            """)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.path("Sources")), ["Loader.swift"])

        let second = run(["--fix", "Sources"], in: tree)
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.stdout, "")
        XCTAssertTrue(second.stderr.contains("fixed 0 of 1 Swift file (0 edits)"), second.stderr)
    }

    func testDiffPrintsAUnifiedDiffWritesNothingAndExitsOne() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.swift", legacy)
        let result = run(["--diff", "--quiet"], in: tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            --- a/Loader.swift
            +++ b/Loader.swift
            @@ -1,6 +1,7 @@
             import Foundation
            +import URLConnectionShim
             
            -class Loader: NSObject, NSURLConnectionDataDelegate {
            +class Loader: NSObject, URLConnectionDataDelegate {
                 // NSURLConnection stays in this comment
            -    func connectionDidFinishLoading(connection: NSURLConnection!) { }
            +    func connectionDidFinishLoading(_ connection: URLConnection) { }
             }

            """)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), legacy)
    }

    func testDiffOfCleanCodeIsEmptyAndExitsZero() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Modern.swift", "import URLConnectionShim\nlet c: URLConnection? = nil\n")
        let result = run(["--diff"], in: tree)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
    }

    func testFixReportsObjectiveCWithTheReplacementAndLeavesItUnchanged() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.m", objectiveC)
        let result = run(["--fix"], in: tree)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "Loader.m:1:27: note: not rewritten (Objective-C): NSURLConnection is created here; "
            + "use a data task of one NSURLSession per delegate object [nsurlconnection-create]\n")
        XCTAssertTrue(result.stderr.contains("1 Objective-C finding left to migrate by hand"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), objectiveC)
    }

    func testFixSkipsAFileThatChangedSinceItWasRead() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.swift", legacy)
        let read = Array(legacy.utf8)
        try tree.write("Loader.swift", legacy + "// saved by an editor meanwhile\n")
        XCTAssertThrowsError(try AtomicFileWriter.write(SwiftShimEmitter().fix(read), to: path, root: tree.root, expected: read)) { error in
            XCTAssertEqual(error as? AtomicFileWriter.Failure, .changedSinceRead)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), legacy + "// saved by an editor meanwhile\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.root), ["Loader.swift"])
    }

    func testFixModeOptionsLeavePathsAfterDoubleDashAlone() throws {
        let fix = try CommandLineParser.fixRequest(in: ["--fix", "Sources", "--", "--diff"])
        XCTAssertEqual(fix.0?.mode, .write)
        XCTAssertEqual(fix.remaining, ["Sources", "--", "--diff"])
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--fix", "--diff"]).0?.mode, .diff)
        XCTAssertNil(try CommandLineParser.fixRequest(in: ["Sources"]).0)
    }
}

extension FixCommandTests {
    func testFixLeavesFilesTheConfigurationExcludes() throws {
        let tree = try CLITemporaryTree(self)
        let kept = try tree.write("Vendor/Legacy.swift", legacy)
        try tree.write(".migrate-scan.json", #"{ "version": 1, "exclude": ["Vendor/**"] }"#)
        let result = CLIRun(["--fix"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), legacy)
    }
}
