import XCTest

@testable import MigrationScanner

/// Differences program-fuzz found between a class on the shim and the same class moved by
/// `--fix --to urlsession`, each shrunk to the smallest program that shows it.
final class FixSessionFirstRequestTests: XCTestCase {
    /// Shrunk reproducer: a redirect method, a connection created with `startImmediately: false`
    /// and cancelled before it starts. NSURLConnection asked about the first request once loading
    /// began, so never; the moved class would be asked when the task is created.
    func testAClassThatCancelsAConnectionStartedLaterAndAsksAboutItsFirstRequestStaysOnTheShim() {
        let source = """
            import Foundation
            import URLConnectionShim

            class Loader: NSObject, URLConnectionDataDelegate {
                var first: URLConnection?
                var events: [String] = []

                func load(_ url: URL) {
                    first = URLConnection(request: URLRequest(url: url), delegate: self, startImmediately: false)
                    first?.cancel()
                }

                func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
                    events.append("willSend")
                    return request
                }

                func connectionDidFinishLoading(_ connection: URLConnection) {
                    events.append("finish")
                }
            }

            """
        let (text, outcome) = fixedToURLSession(source)
        XCTAssertEqual(text, source)
        XCTAssertTrue(outcome.notes.contains { $0.reason.hasPrefix("Loader creates a connection started later and cancels connections, "
            + "and its connection:willSendRequest:redirectResponse: would be asked about the first request when the task is created") },
            "\(outcome.notes.map(\.reason))")
    }

    /// Shrunk reproducer: a class without a challenge method loading a URL that answers 401 with
    /// `WWW-Authenticate`. NSURLConnection went on without a credential and delivered the 401; on
    /// Linux the moved task waited for ever on the default handling. The moved class stops the
    /// task on Linux only, and reports its end as the finish.
    func testAClassWithoutAChallengeMethodEndsAnUnansweredChallengeOnLinuxAsAFinish() {
        let (text, _) = fixedToURLSession("""
            import Foundation
            import URLConnectionShim

            class Loader: NSObject, URLConnectionDataDelegate {
                var events: [String] = []

                func load(_ url: URL) {
                    _ = URLConnection(request: URLRequest(url: url), delegate: self)
                }

                func connectionDidFinishLoading(_ connection: URLConnection) {
                    events.append("finish")
                }
            }

            """)
        assertContainsEach(text, [
            "    #if canImport(FoundationNetworking)\n    /// Tasks that went on without a credential: their cancellation is their finish.\n"
                + "    private var sessionTasksWithoutCredential: Set<Int> = []\n",
            "        sessionTasksWithoutCredential.insert(task.taskIdentifier)\n        completionHandler(.cancelAuthenticationChallenge, nil)\n",
            "#if canImport(FoundationNetworking)\n"
                + "        let error = sessionTasksWithoutCredential.remove(connection.taskIdentifier) != nil ? nil : error\n"
                + "#endif\n        if sessionTaskDidEndCancelled(error) {\n",
        ])
    }
}
