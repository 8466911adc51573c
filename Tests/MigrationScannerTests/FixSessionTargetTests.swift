import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--to shim|urlsession` on the command line, the edits of a staged rewrite, and the
/// Swift URLSession emitter's text for the common delegate shape.
final class FixSessionTargetTests: XCTestCase {
    private let legacy = """
        import Foundation

        class Loader: NSObject, NSURLConnectionDataDelegate {
            var connection: NSURLConnection?
            var events: [String] = []

            func load(_ request: URLRequest) {
                connection = NSURLConnection(request: request, delegate: self)
            }

            func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
                if (response as? HTTPURLResponse)?.statusCode == 404 {
                    connection.cancel()
                    return
                }
                events.append("response")
            }

            func connection(_ connection: NSURLConnection, didReceive data: Data) {
                events.append("data")
            }

            func connectionDidFinishLoading(_ connection: NSURLConnection) {
                events.append("finish")
            }

            func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
                events.append("fail \\(error)")
            }
        }

        """

    func testToTakesShimOrURLSessionAndABadValueIsAUsageErrorNamingTheChoices() throws {
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--fix", "--to", "urlsession", "Sources"]).0?.target, .urlsession)
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--diff", "--to=shim", "Sources"]).remaining, ["Sources"])
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--", "--to", "x"]).remaining, ["--", "--to", "x"])
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--fix", "Sources"]).0?.target, .shim)
        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.swift", legacy)
        let bad = CLIRun(["--fix", "--to", "nsurlsession"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'--to' takes one of: shim, urlsession (not 'nsurlsession')"), bad.stderr)
        let scan = CLIRun(["--to", "urlsession"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(scan.status, 2)
        XCTAssertTrue(scan.stderr.contains("'--to' applies to --fix and --diff only"), scan.stderr)
        XCTAssertEqual(try String(contentsOfFile: tree.path("Loader.swift"), encoding: .utf8), legacy)
        XCTAssertTrue(CommandHelp.scan.contains("--to <shim|urlsession>"))
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--fix", "--to", "urlsession", "--apple-only"]).0?.appleOnly, true)
        XCTAssertEqual(try CommandLineParser.fixRequest(in: ["--fix", "--to", "urlsession", "--", "--apple-only"]).0?.appleOnly, false)
        for arguments in [["--fix", "--apple-only"], ["--diff", "--to", "shim", "--apple-only"]] {
            let appleOnly = CLIRun(arguments, in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
            XCTAssertEqual(appleOnly.status, 2, "\(arguments)")
            XCTAssertTrue(appleOnly.stderr.contains("'--apple-only' applies to --to urlsession only"), appleOnly.stderr)
        }
        XCTAssertTrue(CommandHelp.scan.contains("--apple-only"))
    }

    /// Found on real code (OHHTTPStubs' Swift example): a view controller that only sends a request
    /// was planned as a delegate class, its call an obstacle, so nothing moved; and the closure's
    /// parameters may be parenthesised.
    func testARequestSentFromAClassThatIsNoDelegateMovesWhateverItsClosureParametersLookLike() {
        let (text, outcome) = fixedToURLSession("""
            import Foundation

            class FeedViewController: NSObject {
                var text = ""

                func reload(_ request: URLRequest) {
                    NSURLConnection.sendAsynchronousRequest(request, queue: OperationQueue.main) { (_, data, _) in
                        self.text = String(decoding: data ?? Data(), as: UTF8.self)
                    }
                }
            }

            """, appleOnly: true)
        XCTAssertEqual(outcome.movedCalls, 1)
        XCTAssertEqual(outcome.notes.map(\.reason), [])
        XCTAssertTrue(text.contains("URLSession.shared.dataTask(with: request, queue: OperationQueue.main) { (_, data, _) in\n"), text)
        XCTAssertTrue(text.contains("        }.resume()\n"), text)
        XCTAssertFalse(text.contains("URLConnection"), text)
    }

    /// On Linux URLSession.shared never ends a request answered 401 with WWW-Authenticate, where
    /// NSURLConnection handed the 401 and its body to the handler (program-fuzz found the moved call
    /// waiting for ever): in a file that may be built for Linux the call stays on the shim.
    func testASendAsynchronousRequestInAFileBuiltForLinuxStaysOnTheShimWithTheReason() {
        let source = """
            import Foundation
            import URLConnectionShim

            class Feed: NSObject {
                func reload(_ request: URLRequest) {
                    URLConnection.sendAsynchronousRequest(request, queue: OperationQueue.main) { response, data, error in
                        print(response as Any)
                    }
                }
            }

            """
        let (text, outcome) = fixedToURLSession(source)
        XCTAssertEqual(text, source)
        XCTAssertEqual(outcome.movedCalls, 0)
        XCTAssertTrue(outcome.notes.contains { $0.reason.hasPrefix("URLConnection.sendAsynchronousRequest stays on URLConnectionShim: "
            + "on Linux URLSession.shared never ends a request answered 401 with WWW-Authenticate") }, "\(outcome.notes.map(\.reason))")
        XCTAssertEqual(fixedToURLSession(source, appleOnly: true).outcome.movedCalls, 1)
    }

    /// Finish and failure bodies on the line of their braces were dropped from the merged
    /// completion method (`if let error = error {        } else {        }`).
    func testBodiesOnTheLineOfTheirBracesKeepEveryStatementOnURLSession() {
        let (text, _) = fixedToURLSession("""
            import Foundation

            class Loader: NSObject, NSURLConnectionDataDelegate {
                var done = false
                func load(_ request: URLRequest) { _ = NSURLConnection(request: request, delegate: self) }
                func connectionDidFinishLoading(_ connection: NSURLConnection) { done = true }
                func connection(_ connection: NSURLConnection, didFailWithError error: Error) { print(error) }
            }

            """)
        XCTAssertTrue(text.contains("""
                    if let error = error {
                        print(error)
                    } else {
                        done = true
                    }

            """), text)
    }

    func testDiffShowsEitherTarget() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.swift", legacy)
        let shim = CLIRun(["--diff"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        let explicitShim = CLIRun(["--diff", "--to", "shim"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        let session = CLIRun(["--diff", "--to", "urlsession"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(shim.status, 1)
        XCTAssertEqual(explicitShim.stdout, shim.stdout)
        XCTAssertTrue(shim.stdout.contains("+import URLConnectionShim"), shim.stdout)
        XCTAssertEqual(session.status, 1)
        XCTAssertFalse(session.stdout.contains("URLConnectionShim"), session.stdout)
        XCTAssertTrue(session.stdout.contains("+class Loader: NSObject, URLSessionDataDelegate, @unchecked Sendable {"), session.stdout)
        XCTAssertTrue(session.stderr.contains("1 class and 0 calls moved to URLSession, 0 notes"), session.stderr)
        XCTAssertEqual(try String(contentsOfFile: tree.path("Loader.swift"), encoding: .utf8), legacy, "--diff writes nothing")
    }

    /// A file --fix leaves alone (Swift 2 syntax) moves nothing, and the summary says so
    /// (it counted the class as moved; found on a fetched Swift 2 project).
    func testASwift2FileIsLeftAndItsClassIsNotCountedAsMoved() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.swift", legacy.replacingOccurrences(
            of: "    func load(_ request: URLRequest) {\n", with: "    func load(_ request: URLRequest) {\n        _ = NSURLRequest(URL: request.url!)\n"))
        let session = CLIRun(["--diff", "--to", "urlsession"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertTrue(session.stdout.contains("note: not rewritten (Swift 2)"), session.stdout)
        XCTAssertTrue(session.stderr.contains("would fix 0 of 1 Swift file (0 edits), 0 classes and 0 calls moved to URLSession"), session.stderr)
    }

    func testEmitterWritesTheDataDelegateMethodsOneCompletionAndTheSessionsEnd() {
        let bytes = Array(legacy.utf8)
        let fixed = String(decoding: SourceEdit.apply(SwiftSessionFixer().fix(bytes).edits, to: bytes), as: UTF8.self)
        for expected in [
            "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n",
            "    var connection: URLSessionDataTask?\n",
            "        connection = startedSessionDataTask(with: request)\n",
            "    func urlSession(_ session: URLSession, dataTask connection: URLSessionDataTask, didReceive response: URLResponse, "
                + "completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {\n"
                + "        defer { completionHandler(connection.state == .canceling ? .cancel : .allow) }\n"
                + "        guard !sessionTasksCancelled.contains(connection.taskIdentifier) else { return }\n",
            "            sessionCancel(connection)\n            return\n",
            "    func urlSession(_ session: URLSession, dataTask connection: URLSessionDataTask, didReceive data: Data) {\n"
                + "        guard !sessionTasksCancelled.contains(connection.taskIdentifier) else { return }\n",
            """
                func urlSession(_ session: URLSession, task connection: URLSessionTask, didCompleteWithError error: Error?) {
            #if canImport(FoundationNetworking)
                    let error = sessionTasksWithoutCredential.remove(connection.taskIdentifier) != nil ? nil : error
            #endif
                    let cancelledHere = sessionTasksCancelled.remove(connection.taskIdentifier) != nil
                    if sessionTaskDidEndCancelled(error) || cancelledHere {
                        return
                    }
                    if let error = error {
                        events.append("fail \\(error)")
                    } else {
                        events.append("finish")
                    }
                }

            """,
            // A cancel the class makes is recorded: Linux's URLSession ignores the handler's answer
            // and may have read the whole body already (FixSessionProofTests' CancelInResponse).
            "        sessionTasksCancelled.insert(task.taskIdentifier)\n        task.cancel()\n",
            "return error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled",
            "connectionSession?.finishTasksAndInvalidate()",
            "delegateQueue: Thread.isMainThread ? OperationQueue.main : nil)",
        ] {
            XCTAssertTrue(fixed.contains(expected), "missing:\n\(expected)\nin:\n\(fixed)")
        }
        XCTAssertFalse(fixed.contains("URLConnectionShim") || fixed.contains("URLConnection(") || fixed.contains(": URLConnection"), fixed)
        XCTAssertFalse(fixed.contains("didFailWithError"), fixed)
        XCTAssertEqual(SwiftSessionFixer().fix(Array(fixed.utf8)).edits, [], "a second run changes nothing")
    }

    /// A class whose code depends on how the connection delivered (SDWebImage 3.x's downloader, in
    /// Objective-C, ran its thread's run loop until a delegate method stopped it and sent itself the
    /// failure message) stays on the shim, with the reason.
    func testAClassThatDrivesItsRunLoopOrCallsItsDelegateMethodsStaysOnTheShim() {
        let cases: [(insertion: String, reason: String)] = [
            ("CFRunLoopRun()", "Loader calls CFRunLoopRun(): it runs a run loop until a delegate method stops it"),
            ("RunLoop.current.run()", "Loader runs a run loop with run()"),
            ("connection(connection!, didFailWithError: URLError(.timedOut))",
             "Loader calls its delegate method connection(_:didFailWithError:) itself"),
        ]
        for (insertion, reason) in cases {
            let source = legacy.replacingOccurrences(
                of: "delegate: self)\n", with: "delegate: self)\n        \(insertion)\n")
            let bytes = Array(source.utf8)
            let outcome = SwiftSessionFixer().fix(bytes)
            let fixed = String(decoding: SourceEdit.apply(outcome.edits, to: bytes), as: UTF8.self)
            XCTAssertFalse(fixed.contains("urlSession("), "\(insertion) was moved:\n\(fixed)")
            XCTAssertTrue(outcome.notes.contains { $0.reason.contains(reason) }, "\(outcome.notes) lacks \(reason)")
        }
    }

    /// URLSession requires a Sendable delegate (Swift 6 checks it): the moved class claims it once,
    /// with the comment the style asks of every `@unchecked Sendable`.
    func testAMovedClassClaimsSendableOnceWithTheQueueThatMakesItTrue() {
        let bytes = Array(legacy.utf8)
        let fixed = String(decoding: SourceEdit.apply(SwiftSessionFixer().fix(bytes).edits, to: bytes), as: UTF8.self)
        XCTAssertTrue(fixed.contains("class Loader: NSObject, URLSessionDataDelegate, @unchecked Sendable {\n"
            + "    // Sendable: unchecked, as NSURLConnection's delegates were: the state is confined to the session's delegate queue.\n"
            + "    var connection: URLSessionDataTask?\n"), fixed)
        let declared = Array(legacy.replacingOccurrences(of: "NSURLConnectionDataDelegate {", with: "NSURLConnectionDataDelegate, Sendable {").utf8)
        let fixedDeclared = String(decoding: SourceEdit.apply(SwiftSessionFixer().fix(declared).edits, to: declared), as: UTF8.self)
        XCTAssertTrue(fixedDeclared.contains("class Loader: NSObject, URLSessionDataDelegate, Sendable {\n    var connection"), fixedDeclared)
    }

    func testComposedEditsOfTwoStagesAreEditsOfTheOriginal() {
        let original = Array("let a = NSOld(x)\nlet b = 2\n".utf8)
        let first = [SourceEdit(range: 8..<13, replacement: "Shim"), SourceEdit(range: 0..<0, replacement: "import S\n")]
        let intermediate = SourceEdit.apply(first, to: original)
        XCTAssertEqual(String(decoding: intermediate, as: UTF8.self), "import S\nlet a = Shim(x)\nlet b = 2\n")
        let then = [SourceEdit(range: 0..<9, replacement: ""), SourceEdit(range: 17..<24, replacement: "New(x)"),
                    SourceEdit(range: 33..<34, replacement: "3")]
        let composed = SourceEdit.composed(first, then: then, original: original)
        XCTAssertEqual(String(decoding: SourceEdit.apply(composed, to: original), as: UTF8.self),
                       String(decoding: SourceEdit.apply(then, to: intermediate), as: UTF8.self))
        XCTAssertEqual(composed.last, SourceEdit(range: 25..<26, replacement: "3"), "an edit apart from the first stage's keeps its own range")
    }
}

extension FixSessionTargetTests {
    /// Docs/MigrationGuide.md step 3's before/after is what the emitter writes (the after leaves
    /// out the session's members, which its last comment names).
    func testMigrationGuidesBeforeAndAfterAreTheEmittersOwn() throws {
        let guide = try String(contentsOf: FixProofSupport.packageRoot.appendingPathComponent("Docs/MigrationGuide.md"), encoding: .utf8)
        let step = try XCTUnwrap(guide.range(of: "Before (on the shim")).upperBound
        // The after is fenced `swift excerpt`: it names members it leaves out, so the snippet check skips it.
        let blocks = guide[step...].components(separatedBy: "```swift").dropFirst().prefix(2).map { fence in
            String(fence.drop { $0 != "\n" }.dropFirst()).components(separatedBy: "```")[0]
        }
        XCTAssertEqual(blocks.count, 2)
        let before = "import Foundation\nimport URLConnectionShim\n\n" + blocks[0]
        let fixed = String(decoding: SourceEdit.apply(SwiftSessionFixer().fix(Array(before.utf8)).edits, to: Array(before.utf8)), as: UTF8.self)
        let after = try XCTUnwrap(blocks[1].components(separatedBy: "\n    // startedSessionDataTask").first)
        XCTAssertTrue(fixed.contains(after), "the guide's after:\n\(after)\nthe emitter's:\n\(fixed)")
    }
}
