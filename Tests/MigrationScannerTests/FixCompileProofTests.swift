import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Issue 8, part 2: the fixed legacy sources compile against URLConnectionShim and still receive
/// their delegate callbacks.
///
/// The fixture package's Swift 2-era files (classes, an extension, closures, a half-migrated
/// near miss) are fixed in a temporary directory, compiled with `swiftc` in Swift 5 mode against the
/// shim module and objects this package's build already produced, and run against a URLProtocol
/// stub registered with the shim (`.fixtures/FixProof/main.swift`). Needs a prior `swift build`
/// (which `swift test` does); skipped with a message when the shim's products are missing, unless
/// `MIGRATE_SCAN_REQUIRE_FIX_PROOF=1` (set by .ci/check-plugin-and-html) makes that a failure.
final class FixCompileProofTests: XCTestCase {
    func testFixedLegacySourcesCompileAgainstTheShimAndReceiveTheirDelegateCallbacks() throws {
        let products = try shimProducts()
        let work = try CLITemporaryTree(self)
        var sources: [String] = []
        for url in try FixtureSources.legacyAppFiles() {
            let fixed = SwiftShimEmitter().fix(Array(try Data(contentsOf: url)))
            sources.append(try work.write(url.lastPathComponent, bytes: fixed))
        }
        sources.append(FixtureSources.fixtures.appendingPathComponent("FixProof/main.swift").path)
        let executable = work.path("proof")
        let compile = try FixProofSupport.run(
            "/usr/bin/env",
            ["swiftc", "-swift-version", "5", "-I", products.modules] + sources + products.objects + ["-o", executable],
            timeout: 120)
        XCTAssertEqual(compile.status, 0, "the fixed sources do not compile:\n\(compile.output)")
        guard compile.status == 0 else { return }

        let result = try FixProofSupport.run(executable, [], timeout: 60)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output, """
            ForecastLoader: response 200, data 5, finish hello
            RedirectAuditor: credentialStorage, willSend /forecast redirect=false, response, finish
            ProgressTracker: data 5, finish
            QuoteFetcher.fetch: async 200 5 error=false
            QuoteFetcher.fetchSynchronously: sync 200 5

            """)
    }

    /// The shim's module directory and the object files of URLConnectionShim and Locking.
    private func shimProducts() throws -> (modules: String, objects: [String]) {
        if let products = FixProofSupport.products(of: ["URLConnectionShim", "Locking"]) { return products }
        let message = "URLConnectionShim's module and objects were not found under \(FixProofSupport.packageRoot.path)/.build/debug; run `swift build` first"
        if ProcessInfo.processInfo.environment["MIGRATE_SCAN_REQUIRE_FIX_PROOF"] == "1" {
            XCTFail(message)
            throw CocoaError(.fileNoSuchFile)
        }
        throw XCTSkip(message)
    }
}
