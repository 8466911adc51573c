import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

final class LiteralSearchTests: XCTestCase {
    private let marker = "migrate-scan:"

    /// The search jumps between anchor bytes (`-`): an occurrence at the very start or end of the
    /// buffer, where the anchor is nearest an edge, must be found like any other.
    func testFindsTheLiteralAtEveryOffsetAndAtTheEnd() {
        let search = LiteralSearch(marker)
        for length in marker.utf8.count..<(marker.utf8.count + 24) {
            for start in 0...(length - marker.utf8.count) {
                var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: length)
                bytes.replaceSubrange(start..<(start + marker.utf8.count), with: Array(marker.utf8))
                XCTAssertTrue(search.occurs(in: bytes), "at \(start) of \(length)")
                XCTAssertEqual(search.firstOffset(in: bytes), start, "at \(start) of \(length)")
            }
        }
    }

    func testRejectsNearMissesTruncationsAndShortBuffers() {
        let search = LiteralSearch(marker)
        XCTAssertFalse(search.occurs(in: []))
        XCTAssertFalse(search.occurs(in: Array("-".utf8)))
        XCTAssertFalse(search.occurs(in: Array("// migrate-scan disable; a - b; migrate-scan".utf8)))
        XCTAssertFalse(search.occurs(in: Array("x-scan: migrate- scan: migrate-scan".utf8)))
        XCTAssertFalse(search.occurs(in: Array("migrate-scan".utf8)))
        XCTAssertTrue(search.occurs(in: Array("migrate-migrate-scan:".utf8)))
        XCTAssertEqual(search.firstOffset(in: Array("migrate-migrate-scan:".utf8)), 8)
    }

    /// A literal of identifier bytes only is anchored on its first byte.
    func testALiteralWithoutPunctuationIsFound() {
        let search = LiteralSearch("scan")
        XCTAssertTrue(search.occurs(in: Array("sssscan".utf8)))
        XCTAssertTrue(search.occurs(in: Array("scan".utf8)))
        XCTAssertFalse(search.occurs(in: Array("sca scn scna sxan sca".utf8)))
    }

    /// The suppression parser's answer for a marker at the end of a file with no line break.
    func testSuppressionCommentAtTheVeryEndIsParsed() {
        let comments = SuppressionCommentParser.comments(
            in: Array("let a = 1\n// migrate-scan:ignore".utf8), language: .swift)
        XCTAssertEqual(comments.count, 1)
    }
}
