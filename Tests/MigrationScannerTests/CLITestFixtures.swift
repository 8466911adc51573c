import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Stand-ins shared by the CLI, discovery, report and session tests: a small rule catalog, a scanner
/// that needs no lexer, and temporary directory trees.
enum CLITestFixtures {
    static let catalog = [
        RuleDescription(
            id: "nsurlconnection-reference", defaultSeverity: .warning, summary: "Any use of NSURLConnection.",
            rationale: "NSURLConnection is deprecated.", replacement: "URLSession",
            triggeringExamples: [RuleExample(.swift, "let c: NSURLConnection")],
            nonTriggeringExamples: [RuleExample(.objectiveC, "// NSURLConnection")]),
        RuleDescription(
            id: "uiwebview", defaultSeverity: .error, summary: "UIWebView | deprecated.",
            rationale: "Rejected by the App Store.", replacement: "WKWebView",
            triggeringExamples: [RuleExample(.swift, "let w = UIWebView()\n// ```fence```")],
            nonTriggeringExamples: []),
        RuleDescription(
            id: "semaphore-around-task", defaultSeverity: .note, summary: "A semaphore waits for a task.",
            rationale: "Blocks a thread.", replacement: "async/await",
            triggeringExamples: [], nonTriggeringExamples: []),
    ]

    /// Reports each whole word `NSURLConnection`, `UIWebView` and `DispatchSemaphore` with the
    /// catalog rule and severity above, columns counted in Unicode scalars.
    static func wordScanner(ruleIDs: Set<String>? = nil) -> FileScanner {
        { bytes, _, path in
            let words: [(String, String, Severity)] = [
                ("NSURLConnection", "nsurlconnection-reference", .warning),
                ("UIWebView", "uiwebview", .error),
                ("DispatchSemaphore", "semaphore-around-task", .note),
            ]
            var findings: [Finding] = []
            let text = String(decoding: bytes, as: UTF8.self)
            for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let scalars = Array(line.unicodeScalars)
                for (word, rule, severity) in words where ruleIDs?.contains(rule) ?? true {
                    let wordScalars = Array(word.unicodeScalars)
                    var index = 0
                    while index + wordScalars.count <= scalars.count {
                        let isStart = index == 0 || !Self.isIdentifier(scalars[index - 1])
                        let end = index + wordScalars.count
                        let isEnd = end == scalars.count || !Self.isIdentifier(scalars[end])
                        if isStart && isEnd && Array(scalars[index..<end]) == wordScalars {
                            findings.append(
                                Finding(
                                    ruleID: rule, severity: severity, path: path, line: lineIndex + 1,
                                    column: index + 1, endColumn: end + 1, message: "\(word) is legacy",
                                    replacement: "modern"))
                        }
                        index += 1
                    }
                }
            }
            return ScannedSource(findings: findings)
        }
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
    }

    /// The command with the stand-in catalog and scanner, run in `directory`.
    static func command(in directory: String) -> MigrationScanCommand {
        MigrationScanCommand(
            catalog: catalog, currentDirectory: directory, makeScanner: { wordScanner(ruleIDs: $0) })
    }
}

/// What one in-process run of the command printed and returned.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String

    init(_ arguments: [String], in directory: String, command: MigrationScanCommand? = nil) {
        var output = ""
        var errors = ""
        status = (command ?? CLITestFixtures.command(in: directory)).run(
            arguments: arguments, stdout: &output, stderr: &errors)
        stdout = output
        stderr = errors
    }
}

/// A fresh directory tree under the temporary directory, removed when the test ends.
final class CLITemporaryTree {
    /// Real path (symlinks resolved), so tests can compare it with what discovery resolves.
    let root: String

    init(_ testCase: XCTestCase) throws {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("migrate-scan-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = try XCTUnwrap(FileManager.default.resolvingSymlinksInPathFixed(base))
        testCase.addTeardownBlock { [root] in
            Self.makeWritable(root)
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// The command run in process with the tree's root as its current directory.
    func run(_ arguments: [String]) -> CLIRun {
        CLIRun(arguments, in: root, command: MigrationScanCommand(currentDirectory: root))
    }

    /// Teardown cannot remove what a test made unreadable.
    private static func makeWritable(_ root: String) {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        chmod(root, 0o755)
        while let relative = walker.nextObject() as? String {
            chmod(root + "/" + relative, 0o755)
        }
    }
}

extension FileManager {
    /// `realpath`, since `resolvingSymlinksInPath` keeps `/private` off macOS paths.
    fileprivate func resolvingSymlinksInPathFixed(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
