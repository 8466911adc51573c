// Runs the fixed Legacy/*.swift programs against scripted loopback responses and prints each
// one's trace of delegate messages, one line per fixture (FixBehaviourProofTests compares them
// with expected-traces.txt). Written for the shim; only the Legacy files go through --fix.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

/// Where callbacks on any thread leave a fixture's trace for the main thread's loop.
final class TraceBox: @unchecked Sendable {
    // Sendable: `lock` guards `events`.
    private let lock = NSLock()
    private var events: [String]?

    func finish(_ events: [String]) { lock.lock(); if self.events == nil { self.events = events }; lock.unlock() }
    var value: [String]? { lock.lock(); defer { lock.unlock() }; return events }
}

/// Consecutive `data N` events merged: how a body is split into deliveries is the network's choice.
func merged(_ events: [String]) -> [String] {
    var result: [String] = []
    for event in events {
        if event.hasPrefix("data "), let last = result.last, last.hasPrefix("data "),
           let previous = Int(last.dropFirst(5)), let next = Int(event.dropFirst(5)) {
            result[result.count - 1] = "data \(previous + next)"
        } else {
            result.append(event)
        }
    }
    return result
}

/// Starts one fixture and runs the main run loop (where NSURLConnection delivered) until it
/// reports or 10 s pass, then prints its trace.
func run(_ name: String, _ start: (@escaping ([String]) -> Void) -> Void) {
    let box = TraceBox()
    start { box.finish($0) }
    let deadline = Date().addingTimeInterval(10)
    while box.value == nil && Date() < deadline {
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.05))
    }
    print("\(name): \(box.value.map { merged($0).joined(separator: " | ") } ?? "TIMEOUT")")
}

let server = try LoopbackServer()
var keep: [AnyObject] = []

/// A legacy delegate class: started with `load(url:)`, reports its trace through `done`.
protocol DelegateFixture: AnyObject {
    var done: (([String]) -> Void)? { get set }
    func load(url: URL)
}
extension Swift2IUODataDelegate: DelegateFixture {}
extension BaseProtocolOnly: DelegateFixture {}
extension NoProtocol: DelegateFixture {}
extension OptionalParameters: DelegateFixture {}
extension StartLaterScheduled: DelegateFixture {}
extension DelegateQueue: DelegateFixture {}
extension RedirectAuditor: DelegateFixture {}
extension AuthChallenge: DelegateFixture {}
extension UploadProgress: DelegateFixture {}
extension CancelInResponse: DelegateFixture {}

/// Runs a delegate fixture against `path` on the server, keeping it alive until the end.
func run(_ fixture: DelegateFixture, _ path: String) {
    run(String(describing: type(of: fixture))) { done in
        keep.append(fixture)
        fixture.done = done
        fixture.load(url: server.url(path))
    }
}

run(Swift2IUODataDelegate(), "/bytes/16")
run(BaseProtocolOnly(), "/bytes/16")
run(NoProtocol(), "/bytes/16")
run(OptionalParameters(), "/status/404")
run(StartLaterScheduled(), "/bytes/8")
run(DelegateQueue(), "/bytes/4")
run("SynchronousClassMethod") { done in done(SynchronousClassMethod.load(url: server.url("/bytes/5"))) }
run("AsynchronousClassMethod") { done in AsynchronousClassMethod.load(url: server.url("/status/404"), done: done) }
run(RedirectAuditor(), "/redirect/1")
run(AuthChallenge(), "/basic-auth/user/secret")
run(UploadProgress(), "/echo")
run(CancelInResponse(), "/bytes/1000000")
run("Refused") { done in
    let fixture = FailureDelegate(); keep.append(fixture); fixture.done = done
    fixture.load(url: URL(string: "http://127.0.0.1:1/")!, timeout: 5)
}
run("Timeout") { done in
    let fixture = FailureDelegate(); keep.append(fixture); fixture.done = done; fixture.load(url: server.url("/stall"), timeout: 1)
}
run("ForwardingProtocol") { done in ForwardingProtocolClient.load(url: server.url("/headers?via=protocol"), done: done) }
server.stop()
