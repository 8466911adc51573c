import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Where a moved class's messages arrive. `setDelegateQueue(q)` and
/// `schedule(in:forMode:)` on the main or the current run loop become the queue the session is
/// created with; a run loop no queue stands for keeps the class on the shim, with its reason.
final class FixSessionDelegateQueueTests: XCTestCase {
    private func loader(_ statement: String, queue: String = "let queue = OperationQueue()\n    init() { queue.maxConcurrentOperationCount = 1 }") -> String {
        """
        import Foundation

        class Loader: NSObject, NSURLConnectionDataDelegate {
            \(queue)

            func load(_ request: URLRequest) {
                let connection = NSURLConnection(request: request, delegate: self, startImmediately: false)
                \(statement)
                connection?.start()
            }

            func connectionDidFinishLoading(_ connection: NSURLConnection) {
            }
        }

        """
    }

    func testSetDelegateQueueBecomesTheSessionsQueueAndItsStatementGoes() {
        let (text, outcome) = fixedToURLSession(loader("connection?.setDelegateQueue(queue)"))
        XCTAssertEqual(outcome.movedClasses, ["Loader"])
        XCTAssertTrue(text.contains("""
                    let connection = suspendedSessionDataTask(with: request, delegateQueue: queue)
                    connection?.resume()

            """), text)
        XCTAssertTrue(text.contains("private func suspendedSessionDataTask(with request: URLRequest, delegateQueue: OperationQueue)"), text)
        XCTAssertTrue(text.contains("delegateQueue: delegateQueue)"), text)
        XCTAssertFalse(text.contains("setDelegateQueue(queue)") || text.contains("Thread.isMainThread"), text)
    }

    func testTheMainRunLoopIsTheMainQueueAndTheCurrentOneTheSessionsUsualQueue() {
        // Any mode: the main queue runs in the common modes, tracking among them.
        for mode in [".common", ".tracking"] {
            let main = fixedToURLSession(loader("connection?.schedule(in: RunLoop.main, forMode: \(mode))")).text
            XCTAssertTrue(main.contains("suspendedSessionDataTask(with: request, delegateQueue: .main)"), main)
            XCTAssertFalse(main.contains("schedule("), main)
        }
        let current = fixedToURLSession(loader("connection?.schedule(in: .current, forMode: RunLoop.Mode.default)")).text
        XCTAssertTrue(current.contains("let connection = suspendedSessionDataTask(with: request)\n        connection?.resume()"), current)
        XCTAssertTrue(current.contains("delegateQueue: Thread.isMainThread ? OperationQueue.main : nil)"), current)
    }

    func testARunLoopOrModeNoQueueStandsForKeepsTheClassOnTheShim() {
        for statement in [
            "connection?.schedule(in: worker.runLoop, forMode: .default)",
            "connection?.schedule(in: self.runLoop, forMode: .common)",
            "connection?.unschedule(from: RunLoop.current, forMode: .default)",
            "connection?.setDelegateQueue(OperationQueue())",
            "print(1); connection?.setDelegateQueue(queue)",
        ] {
            let (text, outcome) = fixedToURLSession(loader(statement))
            XCTAssertEqual(outcome.movedClasses, [], statement)
            XCTAssertTrue(text.contains("URLConnection(request: request, delegate: self, startImmediately: false)"), text)
            XCTAssertTrue(outcome.notes.contains { $0.reason.contains("Loader stays on URLConnectionShim") }, "\(statement): \(outcome.notes)")
        }
    }

    /// A session calls its delegate as operations on its queue, which a concurrent queue runs at
    /// once (the DelegateQueue proof program lost an event that way); a connection sent one message
    /// at a time. Only a queue the file makes serial, or the main queue, moves.
    func testAConcurrentDelegateQueueKeepsTheClassOnTheShim() {
        for queue in ["let queue = OperationQueue()", "let queue = OperationQueue()\n    init() { queue.maxConcurrentOperationCount = 2 }"] {
            let (text, outcome) = fixedToURLSession(loader("connection?.setDelegateQueue(queue)", queue: queue))
            XCTAssertEqual(outcome.movedClasses, [], queue)
            XCTAssertTrue(outcome.notes.contains { $0.reason.contains("naming a stored serial queue") }, "\(queue): \(outcome.notes)")
            XCTAssertTrue(text.contains("URLConnection(request: request, delegate: self, startImmediately: false)"), text)
        }
        let closure = "let queue: OperationQueue = {\n        let queue = OperationQueue()\n        queue.maxConcurrentOperationCount = 1\n"
            + "        return queue\n    }()"
        XCTAssertEqual(fixedToURLSession(loader("connection?.setDelegateQueue(queue)", queue: closure)).outcome.movedClasses, ["Loader"])
        XCTAssertEqual(fixedToURLSession(loader("connection?.setDelegateQueue(OperationQueue.main)")).outcome.movedClasses, ["Loader"])
    }
}
