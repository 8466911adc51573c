import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class DiscoveryGlobPatternTests: XCTestCase {
    func testPatternWithoutSlashMatchesTheLastComponent() {
        let pattern = GlobPattern("*.pb.swift")
        XCTAssertTrue(pattern.matches("model.pb.swift"))
        XCTAssertTrue(pattern.matches("Sources/App/model.pb.swift"))
        XCTAssertFalse(pattern.matches("model.swift"))
        XCTAssertTrue(GlobPattern("Generated").matches("a/b/Generated"))
        XCTAssertFalse(GlobPattern("Generated").matches("a/Generated/b"), "ancestors are checked by isExcluded")
    }

    func testStarStaysWithinAComponentAndQuestionMarkIsOneCharacter() {
        XCTAssertTrue(GlobPattern("Sources/*.swift").matches("Sources/a.swift"))
        XCTAssertFalse(GlobPattern("Sources/*.swift").matches("Sources/App/a.swift"))
        XCTAssertTrue(GlobPattern("v?.m").matches("v1.m"))
        XCTAssertFalse(GlobPattern("v?.m").matches("v12.m"))
        XCTAssertTrue(GlobPattern("*").matches("anything"))
        XCTAssertTrue(GlobPattern("a*b*c").matches("aXXbYYc"))
        XCTAssertFalse(GlobPattern("a*b*c").matches("aXXbYY"))
        XCTAssertTrue(GlobPattern("é?").matches("éü"))
    }

    func testDoubleStarMatchesAnyNumberOfComponents() {
        let pattern = GlobPattern("Sources/**/Legacy/*.m")
        XCTAssertTrue(pattern.matches("Sources/Legacy/a.m"))
        XCTAssertTrue(pattern.matches("Sources/x/y/Legacy/a.m"))
        XCTAssertFalse(pattern.matches("Other/Legacy/a.m"))
        XCTAssertTrue(GlobPattern("Tests/**").matches("Tests/a/b.swift"))
        XCTAssertTrue(GlobPattern("**/*.h").matches("a/b/c.h"))
        XCTAssertTrue(GlobPattern("**/*.h").matches("c.h"))
    }

    func testLeadingDotSlashAndTrailingSlashAreIgnored() {
        XCTAssertTrue(GlobPattern("./Sources/Gen/").matches("Sources/Gen"))
        XCTAssertFalse(GlobPattern("").matches("a"))
    }

    func testExcludingPatternChecksEveryAncestor() {
        let options = DiscoveryOptions(excludes: [GlobPattern("Generated"), GlobPattern("Vendor/*")])
        XCTAssertEqual(options.excludingPattern(of: "a/Generated/b/c.swift"), 0)
        XCTAssertEqual(options.excludingPattern(of: "Vendor/Lib/x.m"), 1)
        XCTAssertNil(options.excludingPattern(of: "Sources/Vendor/x.m"))
        XCTAssertNil(options.excludingPattern(of: "a/b.swift"))
    }
}
