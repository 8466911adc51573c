import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Moved code keeps what its arguments and names meant after `--fix --to urlsession`: the
/// arguments of a moved call are evaluated once, at the call, and a parameter the move adds never
/// takes the place of a member the moved body reads.
final class FixSessionArgumentTests: XCTestCase {
    /// A stored queue read in the handler's closure would be read through an implicit `self` (which
    /// Swift 6 rejects in an escaping closure) and when the load ends, not at the call.
    func testAsynchronousRequestArgumentsAreEvaluatedOnceAtTheCall() {
        // Apple-only: on Linux the call stays on the shim (FixSessionTargetTests).
        let (text, outcome) = fixedToURLSession("""
            import Foundation

            class Feed: NSObject {
                var queue = OperationQueue()
                var text = ""

                func reload(_ request: URLRequest) {
                    NSURLConnection.sendAsynchronousRequest(request, queue: queue) { response, data, error in
                        self.text = String(decoding: data ?? Data(), as: UTF8.self)
                    }
                }
            }

            """, appleOnly: true)
        XCTAssertEqual(outcome.movedCalls, 1)
        XCTAssertTrue(text.contains("""
                    URLSession.shared.dataTask(with: request, queue: queue) { response, data, error in
                        self.text = String(decoding: data ?? Data(), as: UTF8.self)
                    }.resume()

            """), text)
        XCTAssertFalse(text.contains("in queue.addOperation"), text)
        XCTAssertTrue(text.contains("fileprivate func dataTask(with request: URLRequest, queue: OperationQueue,"), text)
    }

    func testAddedParametersDoNotHideMembersTheMovedBodiesRead() {
        let (text, _) = fixedToURLSession("""
            import Foundation

            class Loader: NSObject, NSURLConnectionDataDelegate {
                var session = "s"
                var error: Error?
                var completionHandler: ((Error?) -> Void)?

                func load(_ request: URLRequest) {
                    _ = NSURLConnection(request: request, delegate: self)
                }

                func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
                    print(session)
                }

                func connection(_: NSURLConnection, didReceive data: Data) {
                    print(data.count)
                }

                func connectionDidFinishLoading(_ connection: NSURLConnection) {
                    completionHandler?(error)
                }

                func connection(_ connection: NSURLConnection, didFailWithError failure: Error) {
                    error = failure
                }
            }

            """)
        assertContainsEach(text, [
            "func urlSession(_ urlSession: URLSession, dataTask connection: URLSessionDataTask, didReceive response: URLResponse, "
                + "completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {\n"
                + "        defer { completionHandler(connection.state == .canceling ? .cancel : .allow) }\n        print(session)\n",
            "func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {\n",
            "func urlSession(_ session: URLSession, task connection: URLSessionTask, didCompleteWithError sessionError: Error?) {\n"
                + "#if canImport(FoundationNetworking)\n"
                + "        let sessionError = sessionTasksWithoutCredential.remove(connection.taskIdentifier) != nil ? nil : sessionError\n"
                + "#endif\n"
                + "        if sessionTaskDidEndCancelled(sessionError) {\n",
            "        if let failure = sessionError {\n            error = failure\n        } else {\n            completionHandler?(error)\n",
        ])
    }

    func testACompletionHandlerMemberTheResponseBodyReadsKeepsItsName() {
        let (text, _) = fixedToURLSession("""
            import Foundation

            class Loader: NSObject, NSURLConnectionDataDelegate {
                var completionHandler: (() -> Void)?

                func load(_ request: URLRequest) {
                    _ = NSURLConnection(request: request, delegate: self)
                }

                func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
                    completionHandler?()
                }
            }

            """)
        XCTAssertTrue(text.contains("completionHandler sessionCompletionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {\n"
            + "        defer { sessionCompletionHandler(connection.state == .canceling ? .cancel : .allow) }\n        completionHandler?()\n"), text)
    }
}
