import Foundation
import LoopbackHTTPServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one stress connection loads, how it ends if left alone, where it delivers, and whether
/// and how it is cancelled.
struct StressScenario {
    /// The server behaviour the connection meets.
    enum Fault: CaseIterable {
        case smallBody, chunkedBody, dropMidBody, stallPastTimeout, serverError, redirectChain, refusedPort
        /// A POST redirected with 307, which the shim follows with a task of its own (C12b).
        case redirectKeepingBody
    }

    /// When and from where `cancel()` is called.
    enum Cancel: Equatable {
        case none
        case beforeStart
        /// From the launching (main) thread straight after `start()`.
        case fromLauncher
        /// From a global-queue thread after a delay.
        case fromRandomThread(afterMicroseconds: Int)
        /// From inside the delegate, on the delivery target, in the n-th message (0-based).
        case insideMessage(index: Int)
    }

    /// The terminal message the connection must send when not cancelled.
    enum Terminal: Equatable {
        case finish(status: Int, bytes: Int)
        case fail(code: Int)
    }

    let fault: Fault
    let cancel: Cancel
    let mode: DeliveryMode

    static func random(from faults: [Fault], using random: inout StressRandom) -> StressScenario {
        var fault = faults.randomElement(using: &random)!
        // Each stall holds a slot of the window for its 0.3 s timeout, so they are drawn a
        // quarter as often as the other faults to keep the run short.
        if fault == .stallPastTimeout, Int.random(in: 0..<4, using: &random) != 0,
           let other = faults.filter({ $0 != .stallPastTimeout }).randomElement(using: &random) {
            fault = other
        }
        let mode = DeliveryMode.allCases.randomElement(using: &random)!
        let cancel: Cancel
        switch Int.random(in: 0..<10, using: &random) {
        case 0: cancel = .beforeStart
        case 1: cancel = .fromLauncher
        case 2, 3: cancel = .fromRandomThread(afterMicroseconds: Int.random(in: 0...20_000, using: &random))
        case 4: cancel = .insideMessage(index: Int.random(in: 0...4, using: &random))
        default: cancel = .none
        }
        return StressScenario(fault: fault, cancel: cancel, mode: mode)
    }

    func request(on server: LoopbackServer) -> URLRequest {
        switch fault {
        case .smallBody: URLRequest(url: server.url("/bytes/512"), timeoutInterval: 30)
        case .chunkedBody: URLRequest(url: server.url("/chunked/20000?chunk=1000&delay_ms=1"), timeoutInterval: 30)
        case .dropMidBody: URLRequest(url: server.url("/drop/10000/3000"), timeoutInterval: 30)
        // Past a short timeout, so stalls end quickly and count as -1001.
        case .stallPastTimeout: URLRequest(url: server.url("/stall"), timeoutInterval: 0.3)
        case .serverError: URLRequest(url: server.url("/status/503"), timeoutInterval: 30)
        case .redirectChain: URLRequest(url: server.url("/redirect/3"), timeoutInterval: 30)
        case .refusedPort: URLRequest(url: URL(string: "http://127.0.0.1:1/")!, timeoutInterval: 30)
        case .redirectKeepingBody: Self.postRedirectedWith307(on: server)
        }
    }

    private static let redirectedBody = LoopbackServer.patternBytes(count: 1000)

    private static func postRedirectedWith307(on server: LoopbackServer) -> URLRequest {
        var post = URLRequest(url: server.url("/redirect-to?status=307&url=/echo"), timeoutInterval: 30)
        post.httpMethod = "POST"
        post.httpBody = redirectedBody
        return post
    }

    var expectedTerminal: Terminal {
        switch fault {
        case .smallBody: .finish(status: 200, bytes: 512)
        case .chunkedBody: .finish(status: 200, bytes: 20_000)
        case .dropMidBody: .fail(code: NSURLErrorNetworkConnectionLost)
        case .stallPastTimeout: .fail(code: NSURLErrorTimedOut)
        case .serverError: .finish(status: 503, bytes: -1)  // any body length
        case .redirectChain: .finish(status: 200, bytes: "redirected".utf8.count)
        case .refusedPort: .fail(code: NSURLErrorCannotConnectToHost)
        case .redirectKeepingBody: .finish(status: 200, bytes: Self.redirectedBody.count)
        }
    }
}
