import Foundation
import XCTest

@testable import MigrationScanner

/// `--force-exclude`: a hook handed every file of a commit (pre-commit) leaves out what a directory
/// scan leaves out, as SwiftLint's and ruff's `--force-exclude` do.
final class ForceExcludeTests: XCTestCase {
    /// A `pod update` beside app code, with a configuration that excludes a hand-vendored directory.
    private static let files = [
        "Pods/AFNetworking/AFURLConnectionOperation.m": "NSURLConnection *c;\n",
        "Vendor/Old.m": "NSURLConnection *c;\n",
        "Sources/View.swift": "let w = UIWebView()\n",
        ".migrate-scan.json": #"{"version": 1, "exclude": ["Vendor/**"]}"#,
    ]

    private func podUpdate() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        for (path, text) in Self.files { try tree.write(path, text) }
        return tree
    }

    func testNamedFilesInVendoredOrExcludedPathsAreLeftOut() throws {
        let tree = try podUpdate()
        let named = ["Pods/AFNetworking/AFURLConnectionOperation.m", "Vendor/Old.m", "Sources/View.swift"]
        let forced = CLIRun(["--force-exclude"] + named, in: tree.root)
        XCTAssertEqual(forced.stdout, "Sources/View.swift:1:9: error: UIWebView is legacy [uiwebview]\n")
        XCTAssertEqual(forced.stderr, "1 finding (1 error, 0 warnings, 0 notes) in 1 file\n")
        XCTAssertEqual(CLIRun(named, in: tree.root).stdout.split(separator: "\n").count, 3, "without it, naming a file asks for it")
    }

    func testACommitOfOnlyExcludedFilesPasses() throws {
        let tree = try podUpdate()
        let run = CLIRun(["--force-exclude", "--quiet", "Pods/AFNetworking/AFURLConnectionOperation.m", "Vendor/Old.m"], in: tree.root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout + run.stderr, "")
        // A directory that yields nothing is still the error a wrong CI path deserves.
        XCTAssertEqual(CLIRun(["--force-exclude", "Pods"], in: tree.root).status, 2)
    }

    func testThePreCommitHookPassesForceExcludeWhereArgsCannotReplaceIt() throws {
        let hooks = try String(contentsOf: CIRecipeDocumentation.url(".pre-commit-hooks.yaml"), encoding: .utf8)
        XCTAssertTrue(hooks.contains("\n  entry: migrate-scan --force-exclude\n"), hooks)
    }
}
