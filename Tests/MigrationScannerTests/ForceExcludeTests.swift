import Foundation
import XCTest

@testable import MigrateScanCommand
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

/// A configuration file's `exclude` patterns are relative to the file's directory, whichever
/// directory below it a scan runs in (an Xcode Run Script phase in the project's folder).
final class ConfigurationExcludeRootTests: XCTestCase {
    func testPatternsOfAConfigurationAboveTheRootHoldInASubdirectory() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write(".migrate-scan.json", #"{"version": 1, "exclude": ["iOS/Vendor/**", "./iOS/Generated", "Other/**", "*.pb.swift"]}"#)
        try tree.write("iOS/Vendor/Reachability.m", "NSURLConnection *c;\n")
        try tree.write("iOS/Generated/Model.swift", "let w = UIWebView()\n")
        try tree.write("iOS/Sources/Feed.pb.swift", "let w = UIWebView()\n")
        try tree.write("iOS/Sources/View.swift", "let w = UIWebView()\n")
        let fromSubdirectory = CLIRun([], in: tree.path("iOS"))
        XCTAssertEqual(fromSubdirectory.stdout, "Sources/View.swift:1:9: error: UIWebView is legacy [uiwebview]\n")
        let fromTop = CLIRun([], in: tree.root)
        XCTAssertEqual(fromTop.stdout, "iOS/Sources/View.swift:1:9: error: UIWebView is legacy [uiwebview]\n")
    }

    func testPatternsAreRebasedFromTheFilesDirectoryToTheRoot() {
        var configuration = ProjectConfiguration(path: "/repo/.migrate-scan.json")
        configuration.excludes = ["iOS/Vendor/**", "Android/**", "Generated", "*/Pods/**"]
        XCTAssertEqual(configuration.excludes(relativeToRoot: "/repo/iOS"), ["Vendor/**", "Generated", "*/Pods/**"])
        XCTAssertEqual(configuration.excludes(relativeToRoot: "/repo"), configuration.excludes)
        configuration.path = "/repo/iOS/.migrate-scan.json"
        XCTAssertEqual(configuration.excludes(relativeToRoot: "/repo"), ["iOS/iOS/Vendor/**", "iOS/Android/**", "Generated", "*/Pods/**"])
    }
}
