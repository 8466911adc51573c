import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `sendSynchronousRequest` in an `async` function becomes `try await
/// URLSession.shared.data(for:)`, which suspends where the old call blocked; anywhere else it stays
/// on the shim, with a note saying why (URLSession has no blocking call, and a semaphore around a
/// task deadlocks on the main thread or the session's delegate queue).
final class FixSessionSynchronousCallTests: XCTestCase {
    private let legacy = """
        import Foundation

        enum SyncLoader {
            static func load(_ url: URL) async -> String {
                var response: URLResponse?
                do {
                    let data = try NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: &response)
                    if data.isEmpty {
                        return "empty"
                    }
                    let again = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)
                    return "sync \\((response as! HTTPURLResponse).statusCode) \\(data.count) \\(again?.count ?? -1)"
                } catch {
                    return "sync error \\((error as NSError).code)"
                }
            }
        }

        """

    func testACallInAnAsyncFunctionAwaitsTheSharedSessionAndGivesTheSameAnswer() throws {
        let (text, outcome) = fixedToURLSession(legacy)
        XCTAssertEqual(outcome.movedCalls, 2)
        for expected in [
            "let data = try await URLSession.shared.data(for: URLRequest(url: url), returning: &response)\n",
            "let again = try? await URLSession.shared.data(for: URLRequest(url: url)).0\n",
            // data(for:) needs macOS 12 / iOS 15: an older target fails to compile at the call, never runs otherwise.
            "    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)\n"
                + "    fileprivate func data(for request: URLRequest, returning response: inout URLResponse?) async throws -> Data {\n",
        ] {
            XCTAssertTrue(text.contains(expected), "missing:\n\(expected)\nin:\n\(text)")
        }
        XCTAssertFalse(text.contains("import URLConnectionShim") || text.contains("URLConnection."), text)

        let products = try XCTUnwrap(FixProofSupport.products(of: ["LoopbackHTTPServer", "Locking"]),
                                     "the loopback server's module and objects were not found under .build; build the package first")
        let work = try CLITemporaryTree(self)
        let loader = try work.write("SyncLoader.swift", text)
        let main = try work.write("main.swift", """
            import LoopbackHTTPServer

            let server = try LoopbackServer()
            print(await SyncLoader.load(server.url("/status/404")))
            server.stop()

            """)
        let executable = work.path("sync")
        let compile = try FixProofSupport.run("/usr/bin/env", [
            "swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", products.modules, main, loader,
        ] + products.objects + ["-o", executable], timeout: 240)
        XCTAssertEqual(compile.status, 0, compile.output)
        guard compile.status == 0 else { return }
        let run = try FixProofSupport.run(executable, [], timeout: 60)
        XCTAssertEqual(run.output, "sync 404 10 10\n", "the shim's sendSynchronousRequest gives a 404 and its body too")
    }

    func testACallOutsideAnAsyncFunctionOrInAClosureStaysOnTheShimAndSaysWhy() {
        for body in [
            "static func load(_ url: URL) -> Data? {\n        try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)\n    }",
            "static func load(_ url: URL) async {\n        DispatchQueue.global().async {\n"
                + "            _ = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)\n        }\n    }",
            "static func load(_ url: URL, then: @escaping () async -> Void) {\n"
                + "        _ = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)\n    }",
        ] {
            let (text, outcome) = fixedToURLSession("import Foundation\n\nenum SyncLoader {\n    \(body)\n}\n")
            XCTAssertEqual(outcome.movedCalls, 0, body)
            XCTAssertTrue(text.contains("URLConnection.sendSynchronousRequest("), text)
            XCTAssertTrue(outcome.notes.contains { $0.reason.contains("a semaphore around a task deadlocks") }, "\(outcome.notes)")
        }
    }
}
