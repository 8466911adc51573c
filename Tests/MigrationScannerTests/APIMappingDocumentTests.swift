import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Docs/APIMapping.md's tables and the scanner's catalogues (`DelegateMethodCatalogue`,
/// `ConnectionAPICatalogue`) say the same: every catalogued method has a row that names its
/// URLSession counterpart, and every row names a catalogued method, so neither can gain or change
/// a method without the other.
final class APIMappingDocumentTests: XCTestCase {
    /// The rows of `text`'s tables whose first cell starts with `prefix`: that cell and the whole row.
    private func rows(in text: String, firstCellPrefix prefix: String) -> [(first: String, row: String)] {
        text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, cells[1].hasPrefix(prefix) else { return nil }
            return (cells[1], String(line))
        }
    }

    private func document() throws -> String {
        try String(contentsOf: CIRecipeDocumentation.url("Docs/APIMapping.md"), encoding: .utf8)
    }

    /// The delegate tables' rows.
    private func delegateRows() throws -> [(first: String, row: String)] {
        rows(in: try document(), firstCellPrefix: "`connection")
    }

    func testEveryCataloguedDelegateMethodHasARowNamingItsURLSessionCounterpart() throws {
        let rows = try delegateRows()
        for entry in DelegateMethodCatalogue.entries {
            let name = "`\(entry.shimSignature.swiftName)`"
            let matching = rows.filter { $0.first.contains(name) }
            XCTAssertFalse(matching.isEmpty, "Docs/APIMapping.md has no row for \(name) (\(entry.selector))")
            // A setting is named by its property: `configuration.urlCredentialStorage = nil`.
            let counterpart = entry.swiftSessionMethod.hasPrefix("urlSession(")
                ? entry.swiftSessionMethod : String(entry.swiftSessionMethod.split(separator: ".").last ?? "")
            XCTAssertTrue(
                matching.contains { $0.row.contains(counterpart) },
                "Docs/APIMapping.md's row for \(name) does not name \(counterpart)")
        }
    }

    func testEveryDelegateRowNamesACataloguedMethod() throws {
        let names = Set(DelegateMethodCatalogue.entries.map { "`\($0.shimSignature.swiftName)`" })
        for row in try delegateRows() {
            XCTAssertTrue(names.contains { row.first.contains($0) }, "\(row.first) is not in DelegateMethodCatalogue")
        }
    }

    /// The rows of the table of NSURLConnection's own methods.
    private func connectionMethodRows() throws -> [(first: String, row: String)] {
        let section = try document().components(separatedBy: "\n## Creating, starting, stopping\n").last?
            .components(separatedBy: "\n## ").first ?? ""
        return rows(in: section, firstCellPrefix: "`")
    }

    func testEveryCataloguedConnectionMethodHasARowNamingItsURLSessionCounterpart() throws {
        let rows = try connectionMethodRows()
        for entry in ConnectionAPICatalogue.entries {
            let matching = rows.filter { $0.first.contains("`\(entry.swiftSpelling)`") }
            XCTAssertFalse(matching.isEmpty, "Docs/APIMapping.md has no row for \(entry.swiftSpelling) (\(entry.selector))")
            XCTAssertTrue(
                matching.contains { $0.row.contains(entry.swiftCounterpart) },
                "Docs/APIMapping.md's row for \(entry.swiftSpelling) does not name \(entry.swiftCounterpart)")
        }
    }

    func testEveryConnectionMethodRowNamesACataloguedMethod() throws {
        // URLProtocol's registration is the shim's addition, not an NSURLConnection method.
        for row in try connectionMethodRows() where !row.first.hasPrefix("`URLProtocol.") {
            XCTAssertTrue(
                ConnectionAPICatalogue.entries.contains { row.first.contains("`\($0.swiftSpelling)`") },
                "\(row.first) is not in ConnectionAPICatalogue")
        }
    }
}
