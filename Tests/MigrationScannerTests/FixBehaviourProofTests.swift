import Foundation
import XCTest

@testable import MigrationScanner

/// Issue 18: a rewrite is correct when the program behaves the same. Fifteen legacy programs
/// (`.fixtures/BehaviourProof/Legacy`: Swift 1/2/3/4/5-era signatures, IUO and optional
/// parameters, base-protocol-only and no-protocol delegates, `startImmediately: false` with
/// `schedule(in:forMode:)`, `setDelegateQueue`, the two class methods, redirect, auth, upload
/// progress, a cancel in didReceiveResponse, a refused connection, a timeout and a URL protocol
/// that forwards) are fixed by `migrate-scan --fix`, compiled together in one `swiftc` run against
/// the shim and the loopback server, and run; each one's trace of delegate messages must equal,
/// event for event, the trace NSURLConnection gives it (`expected-traces.txt`, written by hand from
/// NSURLConnection's documented behaviour: contract.md C3–C25). Never skipped: `swift test` builds
/// the products it links.
final class FixBehaviourProofTests: XCTestCase {
    private static let fixture = FixtureSources.fixtures.appendingPathComponent("BehaviourProof")

    func testIssue18EveryFixedLegacyProgramGivesNSURLConnectionsTrace() throws {
        let targets = ["URLConnectionShim", "Locking", "LoopbackHTTPServer"]
        let products = try XCTUnwrap(FixProofSupport.products(of: targets),
            "the modules and objects of \(targets) were not found under .build; build the package first")
        let work = try CLITemporaryTree(self)
        let legacy = try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path + "/Legacy").filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(legacy.count, 12)
        for name in legacy {
            try work.write("Legacy/\(name)", bytes: [UInt8](try Data(contentsOf: Self.fixture.appendingPathComponent("Legacy/\(name)"))))
        }

        XCTAssertEqual(findingFiles("delegate-missing-conformance", in: work), ["Legacy/BaseProtocolOnly.swift", "Legacy/NoProtocol.swift"],
                       "the scan reports the delegates the shim would never call before the fix")
        let fix = CLIRun(["--fix", "Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertEqual(fix.stdout.split(separator: "\n").count, legacy.count, "every legacy program needs fixing:\n\(fix.stdout)")
        let again = CLIRun(["--diff", "Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        XCTAssertEqual(again.status, 0, "a second --fix would change:\n\(again.stdout)")
        XCTAssertEqual(findingFiles("delegate-missing-conformance", in: work), [])
        XCTAssertEqual(findingFiles("urlprotocol-forwards-with-nsurlconnection", in: work), ["Legacy/ForwardingProtocol.swift"],
                       "a re-scan after the fix is never cleaner than the code: the protocol still forwards with a connection")

        let executable = work.path("proof")
        let sources = legacy.map { work.path("Legacy/\($0)") } + [Self.fixture.appendingPathComponent("Driver/main.swift").path]
        let compile = try FixProofSupport.run(
            "/usr/bin/env", ["swiftc", "-swift-version", "5", "-I", products.modules] + sources + products.objects + ["-o", executable],
            timeout: 240)
        XCTAssertEqual(compile.status, 0, "the fixed programs do not compile:\n\(compile.output)")
        guard compile.status == 0 else { return }

        let result = try FixProofSupport.run(executable, [], timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        let expected = try String(contentsOf: Self.fixture.appendingPathComponent("expected-traces.txt"), encoding: .utf8)
        let traces = Self.traces(result.output)
        for line in expected.split(separator: "\n") {
            let name = String(line.prefix { $0 != ":" })
            XCTAssertEqual(traces[name], String(line), "\(name): the fixed program's trace differs from NSURLConnection's")
        }
        XCTAssertEqual(traces.count, expected.split(separator: "\n").count, result.output)
    }

    /// The files with findings of `rule` in the work tree's Legacy directory.
    private func findingFiles(_ rule: String, in work: CLITemporaryTree) -> [String] {
        let scan = CLIRun(["--no-config", "--enable", rule, "Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        return Set(scan.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }).sorted()
    }

    /// Fixture name → its trace line.
    private static func traces(_ output: String) -> [String: String] {
        var traces: [String: String] = [:]
        for line in output.split(separator: "\n") where line.contains(": ") {
            traces[String(line.prefix { $0 != ":" })] = String(line)
        }
        return traces
    }
}
