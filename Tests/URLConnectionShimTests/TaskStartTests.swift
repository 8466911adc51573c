import Foundation
import XCTest
import Locking
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where tasks are started (`TaskStartLanes`): a start waits on its session's lane, and what
/// changes while it waits must not make it use a session that no longer takes tasks.
final class TaskStartTests: ShimTestCase {
    /// C25: protocol classes registered while a start waits on its lane retire the session it was
    /// queued for (`finishTasksAndInvalidate`); the start makes its task on the session of the
    /// new classes, as URLSession traps when a retired session makes a task.
    func test_c25_startQueuedBeforeProtocolClassesChangeLoadsOnTheNewSession() throws {
        let url = server.url("/bytes/100")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TaskStartTests-\(UUID().uuidString)")
        let cache = GatedCache.make(in: directory)
        defer {
            cache.openGate()
            try? FileManager.default.removeItem(at: directory)
        }
        let queuedFor = SessionHub.shared.route(usesCredentialStorage: true, readsCache: true)
        // A load that may read the cache waits on its lane for a store of its URL to end: this one
        // ends when the gate opens.
        let stored = CachedURLResponse(
            response: HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!, data: Data())
        CacheWriter.shared.store(stored, for: URLRequest(url: url), in: cache)
        XCTAssertEqual(cache.storeStarted.wait(timeout: .now() + 5), .success, "the writer did not store")

        let recorder = ConnectionRecorder()
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        let connection = try XCTUnwrap(URLConnection(request: URLRequest(url: url, timeoutInterval: 10), delegate: recorder, startImmediately: false))
        connection.setDelegateQueue(delegateQueue)
        connection.start()
        // After the first message, which queued the start on `queuedFor`'s lane.
        delegateQueue.addOperation { URLConnection.registerProtocolClass(StubProtocol.self) }
        delegateQueue.waitUntilAllOperationsAreFinished()
        defer { URLConnection.unregisterProtocolClass(StubProtocol.self) }
        XCTAssertEqual(recorder.events.count, 1, "the first message was not the only one: \(recorder.events)")

        let current = SessionHub.shared.route(usesCredentialStorage: true, readsCache: true)
        XCTAssertFalse(current.session === queuedFor.session, "new protocol classes did not make a new session")
        XCTAssertTrue(waitForCondition { queuedFor.session.delegate == nil }, "the old session was not retired")
        cache.openGate()

        wait(for: [recorder.ended], timeout: 10)
        XCTAssertEqual(recorder.milestones, [.willSend(path: "/bytes/100", redirectedFrom: nil), .response(status: 200), .finish])
        XCTAssertEqual(recorder.body.count, 100)
    }

    /// C25: protocol classes registered and unregistered over and over while connections start:
    /// each task is made on a session that still takes tasks (URLSession traps otherwise), and
    /// every load ends with its body.
    func test_c25_protocolClassesChangingWhileConnectionsStartNeverUseARetiredSession() {
        let url = server.url("/bytes/100")
        let loads = 400
        let stop = Locked(false)
        let togglerEnded = DispatchSemaphore(value: 0)
        let toggler = Thread {
            while !stop.withLock({ $0 }) {
                URLConnection.registerProtocolClass(StubProtocol.self)
                // Retires the sessions of the classes before, as a start would.
                _ = SessionHub.shared.route(usesCredentialStorage: true, readsCache: true)
                URLConnection.unregisterProtocolClass(StubProtocol.self)
                _ = SessionHub.shared.route(usesCredentialStorage: true, readsCache: true)
            }
            togglerEnded.signal()
        }
        toggler.start()
        defer {
            // Joined, so that no session is made once the next test counts them.
            stop.withLock { $0 = true }
            togglerEnded.wait()
        }
        let ended = expectation(description: "every load ended")
        ended.expectedFulfillmentCount = loads
        let bodies = Locked([Int]())
        let queue = OperationQueue()
        for _ in 0..<loads {
            URLConnection.sendAsynchronousRequest(URLRequest(url: url, timeoutInterval: 10), queue: queue) { _, data, _ in
                bodies.withLock { $0.append(data?.count ?? -1) }
                ended.fulfill()
            }
        }
        wait(for: [ended], timeout: 30)
        XCTAssertEqual(bodies.withLock { $0 }.filter { $0 != 100 }, [], "loads that did not end with their body")
        XCTAssertFalse(SessionHub.shared.isMakingTasks, "a task still counted as being made, or a session never retired")
    }
}
