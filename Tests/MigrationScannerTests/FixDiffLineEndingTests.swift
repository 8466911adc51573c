import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--diff` is a unified diff that `git apply` and `patch -p1` accept for every
/// line-ending style and for bytes that are not UTF-8, and applying it gives exactly what `--fix` writes.
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
    ] + invalidUTF8Styles

    /// Bytes that are not UTF-8 (a lone continuation byte, `FF`, a surrogate's encoding, a truncated
    /// sequence) in a context line, in a removed line and on the last line, for LF, CRLF and CR:
    /// `--diff` printed them decoded, as U+FFFD, so no line holding one matched the file any more.
    private static let invalidUTF8Styles: [(name: String, bytes: [UInt8])] = [
        ("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r"),
    ].map { name, lineBreak in
        var lines = legacyLines.map { Array($0.utf8) }
        lines[3] += [0x20, 0x2F, 0x2F, 0x80, 0xFF]
        lines[8] += [0x20, 0x2F, 0x2F, 0xED, 0xA0, 0x80]
        lines[9] += [0x20, 0x2F, 0x2F, 0xF0, 0x9F]
        return ("\(name), invalid UTF-8", Array(lines.joined(separator: Array(lineBreak.utf8))) + Array(lineBreak.utf8))
    }

    func testDiffAppliesWithGitApplyAndPatchForEveryLineEndingStyleAndInvalidUTF8() throws {
        for style in Self.styles {
            let fixed = SwiftShimEmitter().fix(style.bytes)
            XCTAssertNotEqual(fixed, style.bytes, style.name)
            let tree = try CLITemporaryTree(self)
            try tree.write("Sources/Loader.swift", bytes: style.bytes)
            // Standard output is a file, as for the tool: a string would hold decoded text, not the diff's bytes.
            let patchFile = try tree.write("change.patch", bytes: [])
            var patchStream = FileHandleOutputStream(try XCTUnwrap(FileHandle(forWritingAtPath: patchFile)))
            var errors = ""
            let status = MigrationScanCommand(currentDirectory: tree.root).run(
                arguments: ["--diff", "--quiet", "Sources"], stdout: &patchStream, stderr: &errors)
            try patchStream.handle.close()
            XCTAssertEqual(status, 1, "\(style.name): \(errors)")
            let diff = String(decoding: try Data(contentsOf: URL(fileURLWithPath: patchFile)), as: UTF8.self)
            for tool in [["git", "apply", "--whitespace=nowarn", patchFile], ["patch", "-p1", "--quiet", "-i", patchFile]] {
                try tree.write("Sources/Loader.swift", bytes: style.bytes)
                let result = try Self.run(tool, in: tree.root)
                XCTAssertEqual(result.status, 0, "\(tool[0]) rejects the \(style.name) diff: \(result.output)\n\(diff)")
                let applied = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tree.path("Sources/Loader.swift"))))
                XCTAssertEqual(applied, fixed, "\(tool[0]), \(style.name): "
                    + "\(String(decoding: applied, as: UTF8.self).debugDescription) is not what --fix writes")
            }
        }
    }

    func testImportInACRFileFollowsTheLastImportLine() {
        let fixed = SwiftShimEmitter().fix(Self.styles[2].bytes)
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).hasPrefix("import Foundation\rimport URLConnectionShim\r\r"),
                      String(decoding: fixed, as: UTF8.self).debugDescription)
    }

    func testLastLineWithoutBreakIsMarkedNoNewlineAtEndOfFile() {
        let bytes = Array("import Foundation\nlet c: NSURLConnection? = nil".utf8)
        let diff = UnifiedDiff(path: "A.swift", original: bytes, edits: SwiftShimEmitter().edits(for: bytes)).render()
        XCTAssertEqual(String(decoding: diff, as: UTF8.self), """
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
