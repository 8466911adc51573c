import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `source` fixed with `--to urlsession`'s Swift fixer (`appleOnly`: with `--apple-only`), and its
/// outcome; fails the test unless a second run changes nothing (the edits are idempotent).
func fixedToURLSession(
    _ source: String, appleOnly: Bool = false, file: StaticString = #filePath, line: UInt = #line
) -> (text: String, outcome: SwiftSessionFixer.Outcome) {
    let bytes = Array(source.utf8)
    let fixer = SwiftSessionFixer(appleOnly: appleOnly)
    let outcome = fixer.fix(bytes)
    let text = String(decoding: SourceEdit.apply(outcome.edits, to: bytes), as: UTF8.self)
    XCTAssertEqual(fixer.fix(Array(text.utf8)).edits, [], "a second run changes nothing:\n\(text)", file: file, line: line)
    return (text, outcome)
}

/// Fails the test for each of `pieces` that `text` does not contain, showing the text.
func assertContainsEach(_ text: String, _ pieces: [String], file: StaticString = #filePath, line: UInt = #line) {
    for piece in pieces {
        XCTAssertTrue(text.contains(piece), "missing:\n\(piece)\nin:\n\(text)", file: file, line: line)
    }
}
