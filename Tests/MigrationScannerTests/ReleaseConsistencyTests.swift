import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Docs/Releasing.md's rules on every commit: the version printed says what was built (a release
/// only in a release's commit), and the Install section and CI recipes pin the last release.
final class ReleaseConsistencyTests: XCTestCase {
    private func read(_ relative: String) throws -> String {
        try String(contentsOf: CIRecipeDocumentation.url(relative), encoding: .utf8)
    }

    /// `X.Y.Z` as three numbers, nil for anything else.
    private func release(_ text: Substring) -> [Int]? {
        let parts = text.split(separator: ".").compactMap { Int($0) }
        return parts.count == 3 && text.split(separator: ".").count == 3 ? parts : nil
    }

    /// CHANGELOG's `[Unreleased]` bullets and the releases below it, newest first.
    private func changelog() throws -> (unreleased: Int, releases: [Substring]) {
        let lines = try read("CHANGELOG.md").split(separator: "\n")
        let releases = lines.filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
            .map { $0.dropFirst(4).prefix { $0 != "]" } }
        let start = try XCTUnwrap(lines.firstIndex(of: "## [Unreleased]"))
        let unreleased = lines[(start + 1)...].prefix { !$0.hasPrefix("## [") }.filter { $0.hasPrefix("- ") }.count
        return (unreleased, releases)
    }

    func testTheVersionIsTheNextDevelopmentVersionOrTheReleaseOfThisCommit() throws {
        let (unreleased, releases) = try changelog()
        let last = try XCTUnwrap(release(try XCTUnwrap(releases.first)), "CHANGELOG's last release is X.Y.Z")
        let version = ToolIdentity.version
        if let next = version.hasSuffix("-dev") ? release(version.dropLast(4)) : nil {
            XCTAssertTrue(last.lexicographicallyPrecedes(next), "\(version) follows \(last)")
            XCTAssertEqual(ToolIdentity.documentationReference, "main")
        } else {
            XCTAssertEqual(version, String(releases[0]), "a release's version is CHANGELOG's last release")
            XCTAssertEqual(unreleased, 0, "a release's commit has nothing unreleased: \(version) would name other code")
            XCTAssertEqual(ToolIdentity.documentationReference, version)
        }
    }

    func testEveryPinInTheInstallSectionAndTheCIRecipesIsTheLastRelease() throws {
        let last = String(try XCTUnwrap(try changelog().releases.first))
        let patterns = [
            #"from: "([^"]+)""#, #"--branch ([0-9][^ ]*) "#, #"URLConnectionMigration@([^`]+)`"#,
            #"MIGRATE_SCAN_VERSION: "?([0-9][^"\n]*)"?"#, #"rev: ([^\n]+)"#, #"from ([0-9][^)]*)\)"#,
            #"--version +# ([0-9][^\n]*)"#,
        ]
        var pins: [String] = []
        for file in ["README.md", "Docs/CI.md"] {
            let text = try read(file)
            for pattern in patterns {
                let expression = try NSRegularExpression(pattern: pattern)
                for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    pins.append(String(text[try XCTUnwrap(Range(match.range(at: 1), in: text))]))
                }
            }
        }
        XCTAssertGreaterThanOrEqual(pins.count, 8, "the pins were found")
        XCTAssertEqual(Set(pins), [last], "README and Docs/CI.md pin CHANGELOG's last release")
    }
}
