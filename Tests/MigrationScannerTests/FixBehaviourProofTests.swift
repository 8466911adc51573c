import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// A rewrite is correct when the program behaves the same. Fifteen legacy programs
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
    func testEveryFixedLegacyProgramGivesNSURLConnectionsTrace() throws {
        let products = try BehaviourProof.products()
        let work = try CLITemporaryTree(self)
        let legacy = try BehaviourProof.copyLegacyPrograms(into: work)
        XCTAssertGreaterThanOrEqual(legacy.count, 12)

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

        try BehaviourProof.assertTracesAreNSURLConnections(legacy, in: work, products: products)
    }

    /// The files with findings of `rule` in the work tree's Legacy directory.
    private func findingFiles(_ rule: String, in work: CLITemporaryTree) -> [String] {
        let scan = CLIRun(["--no-config", "--enable", rule, "Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        return Set(scan.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }).sorted()
    }
}
