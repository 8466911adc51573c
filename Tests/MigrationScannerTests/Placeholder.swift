import XCTest

final class MigrationScannerTestsPlaceholder: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) }
}
