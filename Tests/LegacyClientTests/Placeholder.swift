import XCTest

final class LegacyClientTestsPlaceholder: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
