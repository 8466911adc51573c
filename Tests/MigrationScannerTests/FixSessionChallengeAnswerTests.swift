import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// A challenge answered through the moved `challenge.sender` ends as it did with
/// NSURLConnection (contract C14, C17). `.fixtures/SessionChallenge` answers the loopback server's
/// Basic challenge with a credential, by cancelling, without a credential, and twice; the program
/// fixed onto the shim and the one fixed onto URLSession are run against it. A cancelled challenge
/// fails with NSURLErrorUserCancelledAuthentication (URLSession reports a cancellation, which the
/// moved class keeps silent), the first of two answers counts (URLSession's handler may be called
/// once only), and going on without a credential finishes with the 401 (on Linux
/// `.useCredential` without a credential traps). Before the emitter answered through
/// `sessionChallengeAnswer`, the moved program crashed here.
final class FixSessionChallengeAnswerTests: XCTestCase {
    private static let fixture = FixtureSources.fixtures.appendingPathComponent("SessionChallenge")

    private static let cancelled = "fail NSURLErrorDomain -1012 The operation couldn’t be completed. (NSURLErrorDomain error -1012.)"

    /// NSURLConnection's trace for each answer, which the shim gives, and the class moved to
    /// URLSession gives on Apple platforms.
    private static let expected = [
        "use: challenge failures=0 | response 200 | data 18 | finish",
        "cancel: challenge failures=0 | \(cancelled)",
        "cancel, then use: challenge failures=0 | \(cancelled)",
        "use, then cancel: challenge failures=0 | response 200 | data 18 | finish",
        "continue without credential: challenge failures=0 | response 401 | data 12 | finish",
    ]

    /// The shim gives NSURLConnection's traces everywhere: on Linux it holds back the 401 that
    /// swift-corelibs-foundation reports before the challenge (contract C14).
    private static let shim = expected

    #if canImport(FoundationNetworking)
    /// On Linux, swift-corelibs-foundation delivers the 401 that names a scheme, and its body, before
    /// it asks about the challenge (Apple's URLSession, like NSURLConnection, shows the final response
    /// only). The moved class shows them where they come (Docs/MigrationGuide.md says so).
    private static let moved = [
        "use: response 401 | data 12 | challenge failures=0 | response 200 | data 18 | finish",
        "cancel: response 401 | data 12 | challenge failures=0 | \(cancelled)",
        "cancel, then use: response 401 | data 12 | challenge failures=0 | \(cancelled)",
        "use, then cancel: response 401 | data 12 | challenge failures=0 | response 200 | data 18 | finish",
        "continue without credential: response 401 | data 12 | challenge failures=0 | finish",
    ]
    #else
    private static let moved = expected
    #endif

    func testAChallengeAnsweredThroughTheMovedSenderEndsAsWithNSURLConnection() throws {
        let products = try BehaviourProof.products()
        XCTAssertEqual(try traces(target: [], products: products), Self.shim, "the shim's traces")
        XCTAssertEqual(try traces(target: ["--to", "urlsession", "--apple-only"], products: products), Self.moved,
                       "the traces of the class moved to URLSession")
    }

    /// The traces of the program fixed with `--fix` and `target`'s options, compiled and run.
    private func traces(target: [String], products: (modules: String, objects: [String])) throws -> [String] {
        let work = try CLITemporaryTree(self)
        let source = try Data(contentsOf: Self.fixture.appendingPathComponent("Legacy/ChallengeAnswers.swift"))
        let program = try work.write("Legacy/ChallengeAnswers.swift", bytes: [UInt8](source))
        let fix = CLIRun(["--fix"] + target + ["Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        XCTAssertEqual(fix.status, 0, fix.stderr)
        let fixed = try String(contentsOfFile: program, encoding: .utf8)
        XCTAssertEqual(fixed.contains("URLSessionDataDelegate"), !target.isEmpty, fixed)

        let executable = work.path("challenge")
        let compile = try FixProofSupport.run("/usr/bin/env", [
            "swiftc", "-swift-version", "5", "-I", products.modules, program,
            Self.fixture.appendingPathComponent("Driver/main.swift").path,
        ] + products.objects + ["-o", executable], timeout: 240)
        XCTAssertEqual(compile.status, 0, "the fixed program does not compile:\n\(compile.output)\n\(fixed)")
        guard compile.status == 0 else { return [] }
        let result = try FixProofSupport.run(executable, [], timeout: 120)
        XCTAssertEqual(result.status, 0, result.output)
        return result.output.split(separator: "\n").map(String.init).filter { $0.contains(": ") }
    }
}
