import Foundation
import XCTest

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
            let fixed = SwiftSourceFixer().fix(Array(try Data(contentsOf: url)))
            sources.append(try work.write(url.lastPathComponent, bytes: fixed))
        }
        sources.append(FixtureSources.fixtures.appendingPathComponent("FixProof/main.swift").path)
        let executable = work.path("proof")
        let compile = try Self.run(
            "/usr/bin/env",
            ["swiftc", "-swift-version", "5", "-I", products.modules] + sources + products.objects + ["-o", executable],
            timeout: 120)
        XCTAssertEqual(compile.status, 0, "the fixed sources do not compile:\n\(compile.output)")
        guard compile.status == 0 else { return }

        let result = try Self.run(executable, [], timeout: 60)
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
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [".build/debug"] + ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path + "/.build")) ?? [])
            .filter { $0.contains("-linux") || $0.contains("-apple") }.sorted().map { ".build/\($0)/debug" }
        for candidate in candidates {
            let bin = packageRoot.path + "/" + candidate
            let modules = bin + "/Modules"
            guard FileManager.default.fileExists(atPath: modules + "/URLConnectionShim.swiftmodule") else { continue }
            var objects: [String] = []
            for target in ["URLConnectionShim", "Locking"] {
                let directory = bin + "/\(target).build"
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                objects += files.filter { $0.hasSuffix(".swift.o") }.sorted().map { directory + "/" + $0 }
            }
            if objects.count > 2 { return (modules, objects) }
        }
        let message = "URLConnectionShim's module and objects were not found under \(packageRoot.path)/.build/debug; run `swift build` first"
        if ProcessInfo.processInfo.environment["MIGRATE_SCAN_REQUIRE_FIX_PROOF"] == "1" {
            XCTFail(message)
            throw CocoaError(.fileNoSuchFile)
        }
        throw XCTSkip(message)
    }

    /// Runs a process to completion (killed after `timeout` seconds) and returns its status and output.
    private static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = DispatchTime.now() + timeout
        let reader = DispatchQueue.global()
        let output = Locked(Data())
        let done = DispatchSemaphore(value: 0)
        reader.async {
            output.set(pipe.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        if done.wait(timeout: deadline) == .timedOut {
            process.terminate()
            done.wait()
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output.value, as: UTF8.self))
    }
}

/// A value shared between the reading thread and the test.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    // Sendable: `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }

    func set(_ value: Value) { lock.lock(); stored = value; lock.unlock() }
}
