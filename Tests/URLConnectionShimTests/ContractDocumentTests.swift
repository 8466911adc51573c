import Foundation
import XCTest

/// Docs/Contract.md states every clause of the shim's contract and names the tests that prove
/// it. This keeps the two in step: a test whose name carries a clause id (`test_c14b_…`) is
/// listed under each of its clauses, and every test the document names exists; and every clause
/// names, on its "Implemented in:" line, source files that exist.
final class ContractDocumentTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryClauseTestIsListedUnderItsClausesAndEveryListedTestExists() throws {
        let document = try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/Contract.md"), encoding: .utf8)
        let listed = Self.listedTests(in: document)
        let written = try Self.clauseTests()
        XCTAssertFalse(written.isEmpty, "no test carries a clause id")
        for (name, clauses) in written.sorted(by: { $0.key < $1.key }) {
            for clause in clauses {
                XCTAssertTrue(listed[clause, default: []].contains(name), "Docs/Contract.md does not list \(name) under \(clause)")
            }
        }
        let allWritten = Set(written.keys)
        for (clause, names) in listed {
            for name in names where !allWritten.contains(name) {
                XCTAssertTrue(false, "Docs/Contract.md lists \(name) under \(clause), but no such test exists")
            }
        }
    }

    func testEveryClauseNamesExistingImplementationFiles() throws {
        let document = try String(contentsOf: Self.packageRoot.appendingPathComponent("Docs/Contract.md"), encoding: .utf8)
        let (clauses, implemented) = Self.implementationFiles(in: document)
        XCTAssertFalse(clauses.isEmpty, "Docs/Contract.md states no clause")
        let sources = Self.packageRoot.appendingPathComponent("Sources/URLConnectionShim")
        for clause in clauses {
            guard let files = implemented[clause] else {
                XCTAssertTrue(false, "Docs/Contract.md gives \(clause) no \"Implemented in:\" line")
                continue
            }
            XCTAssertTrue((1...3).contains(files.count), "Docs/Contract.md names \(files.count) files for \(clause), not one to three")
            for file in files {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: sources.appendingPathComponent(file).path, isDirectory: &isDirectory)
                XCTAssertTrue(exists && !isDirectory.boolValue, "Docs/Contract.md says \(clause) is implemented in \(file), but Sources/URLConnectionShim/\(file) does not exist")
            }
        }
    }

    /// Every clause id in document order, and the files named on each clause's "Implemented in:"
    /// line (paths relative to Sources/URLConnectionShim), by clause id.
    private static func implementationFiles(in document: String) -> (clauses: [String], files: [String: [String]]) {
        var clauses: [String] = []
        var files: [String: [String]] = [:]
        for line in document.split(separator: "\n") {
            if let id = line.firstMatch(of: /^- \*\*(C\d+b?)\*\*/)?.1 {
                clauses.append(String(id))
            } else if let clause = clauses.last, line.contains("Implemented in: ") {
                files[clause, default: []] += line.matches(of: /`([^`]+)`/).map { String($0.1) }
            }
        }
        return (clauses, files)
    }

    /// The tests named on each clause's "Tests:" line, by clause id ("C14b").
    private static func listedTests(in document: String) -> [String: Set<String>] {
        var listed: [String: Set<String>] = [:]
        var clause: String?
        for line in document.split(separator: "\n") {
            if let id = line.firstMatch(of: /^- \*\*(C\d+b?)\*\*/)?.1 {
                clause = String(id)
            } else if let clause, line.contains("Tests: ") {
                for match in line.matches(of: /`(test_\w+)`/) {
                    listed[clause, default: []].insert(String(match.1))
                }
            }
        }
        return listed
    }

    /// Every test in the shim's test targets whose name starts with clause ids, with those ids.
    private static func clauseTests() throws -> [String: [String]] {
        var tests: [String: [String]] = [:]
        for target in ["Tests/URLConnectionShimTests", "Tests/LegacyClientTests"] {
            let directory = packageRoot.appendingPathComponent(target)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".swift") {
                let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for match in source.matches(of: /func (test_((?:c\d+b?_)+)\w*)\(/) {
                    tests[String(match.1)] = match.2.split(separator: "_").map { "C" + $0.dropFirst() }
                }
            }
        }
        return tests
    }
}
