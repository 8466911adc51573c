import Foundation
import Locking

/// The running server: the accept loop, the connections it accepted, and what they recorded.
/// Its threads hold this rather than the `LoopbackServer`, so dropping the last reference to the
/// server runs its deinit, which stops them.
final class Listener: Sendable {
    let port: UInt16
    let router: Router
    let stopSignal: StopSignal
    private let listeningSocket: ListeningSocket
    private let recording: RequestRecording
    private let state = Locked(ServerState())
    /// Every byte sent on every connection, counted as each send completes.
    let sentBytes = Locked(0)
    private let threads = ServingThreads()

    /// A thread per connection is simple and never lets one connection hold up another; the cap
    /// bounds threads if a client leaks connections. Connections beyond it get a 503.
    static let defaultMaximumOpenConnections = 512
    let maximumOpenConnections: Int
    /// Back-off when accept() fails, say for lack of descriptors, instead of spinning on it.
    private static let acceptRetryMilliseconds = 10

    init(routes: [String: Route], recording: RequestRecording, maximumOpenConnections: Int) throws {
        let listeningSocket = try ListeningSocket()
        do {
            stopSignal = try StopSignal()
        } catch {
            listeningSocket.close()
            throw error
        }
        self.listeningSocket = listeningSocket
        port = listeningSocket.port
        router = Router(custom: routes, builtIns: BuiltInRoutes())
        self.recording = recording
        self.maximumOpenConnections = maximumOpenConnections
        threads.start(name: "LoopbackServer :\(port) accept") { [self] in acceptLoop() }
    }

    var requests: [RecordedRequest] { state.withLock { $0.requests } }
    var connectionsAccepted: Int { state.withLock { $0.connectionsAccepted } }
    var openConnections: Int { state.withLock { $0.openSockets.count } }
    var runningThreads: Int { threads.count }

    func clearRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    func record(_ request: RecordedRequest) {
        var request = request
        switch recording {
        case .full: break
        case .withoutBodies: request.body = Data()
        case .off: return
        }
        state.withLock { $0.requests.append(request) }
    }

    /// Closes the listener and every connection (waking threads blocked on them) and waits for
    /// all threads to return. Safe to call more than once and from any thread, including a route's.
    func stop() {
        state.withLock { state in
            state.stopped = true
            // Shut down under the lock: a connection thread removes its socket under the same lock
            // before closing it, so a descriptor number reused elsewhere is never shut down here.
            for fd in state.openSockets {
                SystemCalls.shutdown(fd, readToo: true)
            }
        }
        stopSignal.fire()
        threads.waitUntilAllFinished()
        let closesResources = state.withLock { state -> Bool in
            defer { state.resourcesClosed = true }
            return !state.resourcesClosed
        }
        if closesResources {
            listeningSocket.close()
            // A route that stopped its own server is still running and may poll the signal.
            if threads.count == 0 {
                stopSignal.close()
            }
        }
    }

    private func acceptLoop() {
        while true {
            let events = SystemCalls.poll([listeningSocket.fd, stopSignal.readEnd], timeoutMilliseconds: -1)
            if events[1] != 0 { return }
            switch listeningSocket.accept() {
            case .accepted(let fd):
                adopt(fd)
            case .nothingPending:
                continue
            case .failed:
                guard stopSignal.sleep(milliseconds: Self.acceptRetryMilliseconds) else { return }
            }
        }
    }

    private enum Admission { case serve, refuse, stopped }

    private func adopt(_ fd: Int32) {
        SystemCalls.configureAccepted(fd)
        let admission = state.withLock { state -> Admission in
            if state.stopped { return .stopped }
            if state.openSockets.count >= maximumOpenConnections { return .refuse }
            state.openSockets.insert(fd)
            state.connectionsAccepted += 1
            return .serve
        }
        switch admission {
        case .stopped:
            SystemCalls.close(fd)
        case .refuse:
            ConnectionSocket(fd: fd).sendWithoutWaiting(
                "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            SystemCalls.close(fd)
        case .serve:
            threads.start(name: "LoopbackServer :\(port) connection") { [self] in
                var connection = Connection(fd: fd, listener: self)
                connection.run()
                state.withLock { _ = $0.openSockets.remove(fd) }
                SystemCalls.close(fd)
            }
        }
    }
}
