import Foundation
import XCTest

@testable import MigrationScanner

/// Issue 19, point 4: `--diff` is a unified diff that `git apply` and `patch -p1` accept for every
/// line-ending style, and applying it gives exactly what `--fix` writes.
final class FixDiffLineEndingTests: XCTestCase {
    /// A file with two separate hunks (the import at the top, a signature further down).
    private static let legacyLines = [
        "import Foundation", "", "final class Loader: NSObject, NSURLConnectionDataDelegate {", "    var a = 1",
        "    var b = 2", "    var c = 3", "    var d = 4", "    var e = 5",
        "    func connectionDidFinishLoading(connection: NSURLConnection!) { }", "}",
    ]

    private static let styles: [(name: String, bytes: [UInt8])] = [
        ("LF", Array((legacyLines.joined(separator: "\n") + "\n").utf8)),
        ("CRLF", Array((legacyLines.joined(separator: "\r\n") + "\r\n").utf8)),
        ("CR", Array((legacyLines.joined(separator: "\r") + "\r").utf8)),
        ("mixed", Array(legacyLines.enumerated().map { $0.element + ($0.offset % 2 == 0 ? "\r\n" : "\n") }.joined().utf8)),
        ("no final newline", Array(legacyLines.joined(separator: "\n").utf8)),
        ("CRLF, no final newline", Array(legacyLines.joined(separator: "\r\n").utf8)),
        ("CR, no final newline", Array(legacyLines.joined(separator: "\r").utf8)),
    ]

    func testIssue19Point4DiffAppliesWithGitApplyAndPatchForEveryLineEndingStyle() throws {
        for style in Self.styles {
            let fixed = SwiftSourceFixer().fix(style.bytes)
            XCTAssertNotEqual(fixed, style.bytes, style.name)
            let tree = try CLITemporaryTree(self)
            try tree.write("Sources/Loader.swift", bytes: style.bytes)
            let diff = CLIRun(["--diff", "--quiet", "Sources"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
            XCTAssertEqual(diff.status, 1, style.name)
            let patchFile = try tree.write("change.patch", diff.stdout)
            for tool in [["git", "apply", "--whitespace=nowarn", patchFile], ["patch", "-p1", "--quiet", "-i", patchFile]] {
                try tree.write("Sources/Loader.swift", bytes: style.bytes)
                let result = try Self.run(tool, in: tree.root)
                XCTAssertEqual(result.status, 0, "\(tool[0]) rejects the \(style.name) diff: \(result.output)\n\(diff.stdout)")
                let applied = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tree.path("Sources/Loader.swift"))))
                XCTAssertEqual(String(decoding: applied, as: UTF8.self).debugDescription,
                               String(decoding: fixed, as: UTF8.self).debugDescription, "\(tool[0]), \(style.name)")
            }
        }
    }

    func testIssue19Point4ImportInACRFileFollowsTheLastImportLine() {
        let fixed = SwiftSourceFixer().fix(Self.styles[2].bytes)
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).hasPrefix("import Foundation\rimport URLConnectionShim\r\r"),
                      String(decoding: fixed, as: UTF8.self).debugDescription)
    }

    func testIssue19Point4LastLineWithoutBreakIsMarkedNoNewlineAtEndOfFile() {
        let bytes = Array("import Foundation\nlet c: NSURLConnection? = nil".utf8)
        let diff = UnifiedDiff(path: "A.swift", original: bytes, edits: SwiftSourceFixer().edits(for: bytes)).render()
        XCTAssertEqual(diff, """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,2 +1,3 @@
             import Foundation
            -let c: NSURLConnection? = nil
            \\ No newline at end of file
            +import URLConnectionShim
            +let c: URLConnection? = nil
            \\ No newline at end of file

            """)
    }

    private static func run(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
