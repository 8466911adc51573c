import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Samples/ConnectionToSession is what `migrate-scan --fix --to urlsession` makes of
/// ConnectionToShim's FeedLoader, the Swift form of Samples/Legacy/FeedLoader.m (Samples/Legacy
/// holds no Swift delegate class). Its code is the emitter's but for comments, and the two, each
/// built with one driver (`.fixtures/SessionSample`) in the Swift 6 language mode with warnings as
/// errors, print the same against the loopback server.
final class FixSessionSampleTests: XCTestCase {
    private static let samples = FixProofSupport.packageRoot.appendingPathComponent("Samples")
    private static let driver = FixtureSources.fixtures.appendingPathComponent("SessionSample/main.swift")

    func testConnectionToSessionIsTheEmittersOutputAndBehavesAlike() throws {
        let products = try XCTUnwrap(FixProofSupport.products(of: ["LoopbackHTTPServer", "Locking"]),
                                     "the loopback server's module and objects were not found under .build; build the package first")
        let work = try CLITemporaryTree(self)
        let shimLoader = try Data(contentsOf: Self.samples.appendingPathComponent("ConnectionToShim/FeedLoader.swift"))
        let emittedPath = try work.write("Emitted/FeedLoader.swift", bytes: [UInt8](shimLoader))
        let fix = CLIRun(["--fix", "--to", "urlsession", "--apple-only", "Emitted"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertTrue(fix.stderr.contains("1 class and 0 calls moved to URLSession, 0 notes"), fix.stderr)

        let samplePath = Self.samples.appendingPathComponent("ConnectionToSession/FeedLoader.swift").path
        let emitted = try String(contentsOfFile: emittedPath, encoding: .utf8)
        let sample = try String(contentsOfFile: samplePath, encoding: .utf8)
        XCTAssertEqual(codeLines(sample), codeLines(emitted), "the sample's code is not the emitter's")

        let sampleOutput = try output(of: samplePath, in: work, products: products)
        XCTAssertEqual(try output(of: emittedPath, in: work, products: products), sampleOutput)
        for expected in [
            "done status=200 redirects=2 challenges=0 body=redirected error=0 offMain=[]",
            "done status=200 redirects=0 challenges=1 body=authenticated grace error=0 offMain=[]",
            "done status=404 redirects=0 challenges=0 body=status 404 error=0 offMain=[]",
        ] {
            XCTAssertTrue(sampleOutput.contains(expected), "missing \(expected) in:\n\(sampleOutput)")
        }
    }

    /// The lines that are not only a comment.
    private func codeLines(_ source: String) -> [Substring] {
        source.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }
    }

    /// What the driver built with `feedLoader` prints, less the data lines: how a body arrives in
    /// chunks differs from run to run.
    private func output(of feedLoader: String, in work: CLITemporaryTree, products: (modules: String, objects: [String])) throws -> String {
        let executable = work.path("driver-\(abs(feedLoader.hashValue))")
        let compile = try FixProofSupport.run("/usr/bin/env", [
            "swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", products.modules, Self.driver.path, feedLoader,
        ] + products.objects + ["-o", executable], timeout: 240)
        XCTAssertEqual(compile.status, 0, "\(feedLoader) does not compile:\n\(compile.output)")
        guard compile.status == 0 else { return "" }
        let result = try FixProofSupport.run(executable, [], timeout: 60)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output.split(separator: "\n").filter { !$0.contains("didReceive data") }.joined(separator: "\n")
    }
}
