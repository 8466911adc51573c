import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--format xcode`: each finding an issue Xcode can open, where the text format groups repeats.
final class FormatXcodeTests: XCTestCase {
    func testEveryFindingIsALineOfItsOwnWithAnAbsolutePath() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("App/Sources/Loader.m", "NSURLConnection *a;\nint b;\nNSURLConnection *a;\nNSURLConnection *a;\n")
        let text = CLIRun([], in: tree.path("App"))
        XCTAssertEqual(text.stdout.split(separator: "\n").count, 1, "text groups the three")
        let xcode = CLIRun(["--format", "xcode"], in: tree.path("App"))
        XCTAssertEqual(xcode.status, 1)
        XCTAssertEqual(xcode.stdout, [1, 3, 4].map {
            "\(tree.root)/App/Sources/Loader.m:\($0):1: warning: NSURLConnection is legacy [nsurlconnection-reference]\n"
        }.joined())
        XCTAssertTrue(xcode.stderr.hasPrefix("3 findings"), "a human format: the summary stays")
    }
}
