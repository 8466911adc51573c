import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--fix` keeps a file's bytes, whatever its encoding and line breaks, on every target: the file
/// in Latin-1, in Shift-JIS or with CRLF breaks comes out as the UTF-8, LF file does, in that
/// encoding and with those breaks, moved method bodies included.
final class FixEncodingFidelityTests: XCTestCase {
    /// Stands for non-ASCII text in comments and string literals, in moved bodies and elsewhere.
    private static let marker = "TEXT_MARKER"

    /// A way of writing the same program: what the marker's text is, and the line break.
    private struct Encoding {
        var name: String
        var text: [UInt8]
        var lineBreak: [UInt8] = [0x0A]

        /// `template` (UTF-8, LF) written this way.
        func bytes(_ template: [UInt8]) -> [UInt8] {
            var result: [UInt8] = []
            var offset = 0
            let marker = Array(FixEncodingFidelityTests.marker.utf8)
            while offset < template.count {
                if template[offset...].starts(with: marker) {
                    result += text
                    offset += marker.count
                } else {
                    result += template[offset] == 0x0A ? lineBreak : [template[offset]]
                    offset += 1
                }
            }
            return result
        }
    }

    private static let encodings = [
        // "été"
        Encoding(name: "Latin-1", text: [0xE9, 0x74, 0xE9]),
        // 日本語ソフト: ソ's second byte is a backslash in ASCII.
        Encoding(name: "Shift-JIS", text: [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x83, 0x5C, 0x83, 0x74, 0x83, 0x67]),
        Encoding(name: "CRLF", text: Array("été".utf8), lineBreak: [0x0D, 0x0A]),
        Encoding(name: "Latin-1 and CRLF", text: [0xE9, 0x74, 0xE9], lineBreak: [0x0D, 0x0A]),
    ]

    private static let swiftDelegate = """
        import Foundation

        // TEXT_MARKER
        class Loader: NSObject, NSURLConnectionDataDelegate {
            var log = ["TEXT_MARKER"]

            func load(_ request: URLRequest) {
                _ = NSURLConnection(request: request, delegate: self) // TEXT_MARKER
            }

            func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
                log.append("TEXT_MARKER") // TEXT_MARKER
            }

            func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
                log.append("TEXT_MARKER \\(error)")
            }

            func connectionDidFinishLoading(_ connection: NSURLConnection) {
                // TEXT_MARKER
                log.append("TEXT_MARKER finish")
            }
        }

        """

    private static let objectiveCDelegate = """
        #import <Foundation/Foundation.h>

        // TEXT_MARKER
        @implementation Loader

        - (void)load:(NSURLRequest *)request {
            [NSURLConnection connectionWithRequest:request delegate:self];
        }

        - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
            NSLog(@"TEXT_MARKER"); // TEXT_MARKER
        }

        - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            // TEXT_MARKER
            NSLog(@"TEXT_MARKER finish");
        }

        - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
            NSLog(@"TEXT_MARKER %@", error);
        }

        @end

        """

    func testLatinOneShiftJISAndCRLFFilesComeOutOfEveryTargetAsTheirUTF8LFTwin() throws {
        let targets: [(name: String, file: String, template: String, arguments: [String])] = [
            ("shim", "Loader.swift", Self.swiftDelegate, []),
            ("urlsession", "Loader.swift", Self.swiftDelegate, ["--to", "urlsession"]),
            ("Objective-C", "Loader.m", Self.objectiveCDelegate, []),
        ]
        for target in targets {
            let template = Array(target.template.utf8)
            let fixedTemplate = try fixed(template, file: target.file, arguments: target.arguments)
            XCTAssertNotEqual(fixedTemplate, template, target.name)
            for encoding in Self.encodings {
                let fixed = try fixed(encoding.bytes(template), file: target.file, arguments: target.arguments)
                XCTAssertEqual(fixed, encoding.bytes(fixedTemplate), "\(target.name), \(encoding.name):\n"
                    + String(decoding: fixed, as: UTF8.self).debugDescription)
            }
        }
    }

    /// `--fix` through the command on `bytes` in a file of its own.
    private func fixed(_ bytes: [UInt8], file: String, arguments: [String]) throws -> [UInt8] {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write(file, bytes: bytes)
        let run = CLIRun(["--fix", "--quiet"] + arguments + [file], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(run.status, 0, run.stderr)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// `SourceText`, the text the fixer moves: every byte sequence comes back as it was.
final class SourceTextTests: XCTestCase {
    func testAnyBytesComeBackExactlyAndUTF8ReadsAsItself() {
        let samples: [[UInt8]] = [
            Array("plain ASCII".utf8), Array("été 日本語 🎉".utf8), [0xE9, 0x74, 0xE9], [0x83, 0x5C, 0x22],
            // Broken sequences: a lone continuation, FF, a surrogate's encoding, a truncated 4-byte one, overlong '/'.
            [0x80, 0xFF, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0x41, 0xC0, 0xAF],
            // A scalar of the escapes' own range (U+10FEE9) as valid UTF-8, and the escape of E9 beside it.
            Array("\u{10FEE9}".utf8) + [0xE9],
        ]
        var generator = SystemRandomNumberGenerator()
        let random = (0..<200).map { _ in (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for bytes in samples + random {
            let text = SourceText.string(bytes)
            XCTAssertEqual(SourceText.bytes(of: text), bytes, "\(bytes)")
            XCTAssertEqual(SourceText.byteCount(of: text), bytes.count, "\(bytes)")
        }
        XCTAssertEqual(SourceText.string(Array("été 日本語".utf8)), "été 日本語")
        XCTAssertEqual(SourceEdit(range: 0..<0, replacement: SourceText.string([0xE9])).replacementBytes, [0xE9])
    }
}
