// Drives the fixed PluginFixture/Sources/LegacyApp files against URLConnectionShim (FixCompileProofTests,
// .ci/check-plugin-and-html): every loader runs against a URLProtocol stub registered with the shim,
// and prints the delegate callbacks it received, one line per loader.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

/// Answers every `stub:` request with 200 and the body `hello`.
final class StubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "stub" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "5"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("hello".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// Where callbacks on other threads leave their result for the main thread's loop.
final class Outcome: @unchecked Sendable {
    // Sendable: `lock` guards `events`.
    private let lock = NSLock()
    private var events: [String]?

    func finish(_ events: [String]) { lock.lock(); self.events = events; lock.unlock() }
    var value: [String]? { lock.lock(); defer { lock.unlock() }; return events }
}

/// Starts one loader and runs the main run loop (where the shim delivers) until it reports or 10 s pass.
func run(_ name: String, _ start: (Outcome) -> Void) {
    let outcome = Outcome()
    start(outcome)
    let deadline = Date().addingTimeInterval(10)
    while outcome.value == nil && Date() < deadline {
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.02))
    }
    print("\(name): \(outcome.value?.joined(separator: ", ") ?? "TIMEOUT")")
}

_ = URLConnection.registerProtocolClass(StubProtocol.self)
let url = URL(string: "stub://fixture/forecast")!
var connections: [URLConnection?] = []

let forecast = ForecastLoader()
run("ForecastLoader") { outcome in
    forecast.onFinish = { outcome.finish($0) }
    forecast.load(url)
}
let auditor = RedirectAuditor()
run("RedirectAuditor") { outcome in
    auditor.onFinish = { outcome.finish($0) }
    auditor.start(url)
}
let tracker = ProgressTracker()
run("ProgressTracker") { outcome in
    tracker.onFinish = { outcome.finish($0) }
    connections.append(URLConnection(request: URLRequest(url: url), delegate: tracker))
}
run("QuoteFetcher.fetch") { outcome in
    QuoteFetcher.fetch(url) { outcome.finish([$0]) }
}
print("QuoteFetcher.fetchSynchronously: \(QuoteFetcher.fetchSynchronously(url))")
