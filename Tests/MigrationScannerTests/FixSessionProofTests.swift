import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--fix --to urlsession` moves Swift delegate classes off the shim onto URLSession
/// itself, and the moved programs behave as they did. The behaviour proof's fourteen legacy
/// programs (fifteen traces) are fixed with `--to urlsession`, compiled together in one `swiftc` run and run
/// against the loopback server; each trace must equal NSURLConnection's, which is also the trace
/// each program gives on the shim (FixBehaviourProofTests). What the emitter cannot move stays on
/// the shim with a note, and the test names exactly those programs, so a regression that stops
/// moving one fails here.
final class FixSessionProofTests: XCTestCase {
    /// The programs whose delegate class (or `sendAsynchronousRequest` call) moves onto URLSession.
    private static let moved = [
        "BaseProtocolOnly", "CancelInResponse", "FailureDelegate", "NoProtocol", "OptionalParameters", "Swift2IUODataDelegate",
        "UploadProgress", "DelegateQueue", "RedirectAuditor", "StartLaterScheduled",
    ]
    /// The programs left on the shim, and the reason each one's note gives.
    private static let unmoved: [String: String] = [
        "AsynchronousClassMethod": "URLConnection.sendAsynchronousRequest stays on URLConnectionShim: on Linux URLSession.shared never ends a request answered 401 with WWW-Authenticate",
        "AuthChallenge": "answers authentication challenges, and on Linux URLSession delivers a 401 and its body to the delegate before it asks",
        "ForwardingProtocol": "ForwardingProtocol is a URL protocol that forwards through a connection: forwarding through URLSession is the modern form, but on Linux a task started inside startLoading() traps",
        "SynchronousClassMethod": "URLConnection.sendSynchronousRequest outside an async function stays on URLConnectionShim: URLSession has no blocking call, and a semaphore around a task deadlocks when the caller is the main thread or the session's delegate queue",
    ]

    func testEveryLegacyProgramFixedToURLSessionGivesTheShimsTrace() throws {
        let products = try BehaviourProof.products()
        let work = try CLITemporaryTree(self)
        let legacy = try BehaviourProof.copyLegacyPrograms(into: work)
        XCTAssertEqual(Set(legacy.map { String($0.dropLast(".swift".count)) }), Set(Self.moved).union(Self.unmoved.keys))

        let fix = CLIRun(["--fix", "--to", "urlsession", "Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        XCTAssertEqual(fix.status, 0, fix.stderr)
        let notes = fix.stdout.split(separator: "\n").filter { $0.contains(": note: not moved to URLSession") }
        let notedPrograms = Set(notes.map { String($0.dropFirst("Legacy/".count).prefix { $0 != "." }) })
        XCTAssertEqual(notedPrograms, Set(Self.unmoved.keys), fix.stdout)
        for (program, reason) in Self.unmoved {
            XCTAssertTrue(notes.contains { $0.hasPrefix("Legacy/\(program).swift:") && $0.contains(reason) },
                          "\(program): no note says \"\(reason)\":\n\(fix.stdout)")
        }
        XCTAssertTrue(notes.contains { $0.hasPrefix("Legacy/ForwardingProtocol.swift:")
            && $0.contains("sendAsynchronousRequest stays on URLConnectionShim") },
            "a request that may need the protocols registered with the shim stays there:\n\(fix.stdout)")
        XCTAssertTrue(fix.stderr.contains("10 classes and 0 calls moved to URLSession"), fix.stderr)
        for program in Self.moved {
            let source = try String(contentsOfFile: work.path("Legacy/\(program).swift"), encoding: .utf8)
            XCTAssertFalse(source.contains("import URLConnectionShim") || source.contains("URLConnection("),
                           "\(program) still uses the shim:\n\(source)")
            XCTAssertTrue(source.contains("URLSessionDataDelegate") && source.contains("finishTasksAndInvalidate()"), source)
        }
        let again = CLIRun(["--diff", "--to", "urlsession", "Legacy"], in: work.root, command: MigrationScanCommand(currentDirectory: work.root))
        XCTAssertEqual(again.status, 0, "a second --fix --to urlsession would change:\n\(again.stdout)")

        try BehaviourProof.assertTracesAreNSURLConnections(legacy, in: work, products: products)
    }
}
