import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `cancel()` ends delivery after `--fix --to urlsession` as it did on NSURLConnection: the
/// response handler answers `.cancel` for a task cancelled in it, and a cancel of a connection
/// the class holds is recorded, so nothing more of that task reaches the class (on Linux
/// URLSession ignores the answer and may have read the whole body already).
final class FixSessionCancelTests: XCTestCase {
    func testCancelsOfHeldConnectionsAreRecordedAndOthersStay() {
        let (text, outcome) = fixedToURLSession("""
            import Foundation

            class Loader: NSObject, NSURLConnectionDataDelegate {
                var first: NSURLConnection?
                var second: NSURLConnection!
                let work = OperationQueue()

                func load(_ request: URLRequest) {
                    first = NSURLConnection(request: request, delegate: self)
                    second = NSURLConnection(request: request, delegate: self)
                }

                func stop() {
                    self.first?.cancel()
                    second!.cancel()
                    work.cancelAllOperations()
                    other.first?.cancel()
                }

                func connection(_: NSURLConnection, didReceive response: URLResponse) {
                }

                func connection(_ connection: NSURLConnection, didReceive data: Data) {
                    connection.cancel()
                }
            }

            """)
        XCTAssertEqual(outcome.movedClasses, ["Loader"])
        assertContainsEach(text, [
            "        sessionCancel(self.first)\n        sessionCancel(second!)\n        work.cancelAllOperations()\n        other.first?.cancel()\n",
            // An empty body: the statements go on the brace's line, apart.
            "didReceive response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) { "
                + "defer { completionHandler(dataTask.state == .canceling ? .cancel : .allow) }; "
                + "guard !sessionTasksCancelled.contains(dataTask.taskIdentifier) else { return }\n",
            "didReceive data: Data) {\n        guard !sessionTasksCancelled.contains(connection.taskIdentifier) else { return }\n"
                + "        sessionCancel(connection)\n",
            "    private func sessionCancel(_ task: URLSessionTask?) {\n",
        ])
    }

    func testAClassThatCancelsNothingGetsNoRecord() {
        let (text, _) = fixedToURLSession("""
            import Foundation

            class Loader: NSObject, NSURLConnectionDataDelegate {
                func load(_ request: URLRequest) {
                    _ = NSURLConnection(request: request, delegate: self)
                }

                func connection(_ connection: NSURLConnection, didReceive data: Data) {
                }
            }

            """)
        XCTAssertFalse(text.contains("sessionTasksCancelled"), text)
        XCTAssertTrue(text.contains("if sessionTaskDidEndCancelled(error) {\n"), text)
    }
}
