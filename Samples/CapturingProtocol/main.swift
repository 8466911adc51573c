// CapturingProtocol: a URLProtocol that records every request and response while forwarding
// it through URLSession correctly, driven by URLConnection loads.
import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import URLConnectionShim

let report = SampleReport("CapturingProtocol — record traffic in a URLProtocol, forward it correctly")
let server = try LoopbackServer()

report.step("Register the protocol for the shim's traffic")
// `URLProtocol.registerClass` alone does not reach the shim's sessions on Linux: this is the
// one line a migration changes (it also registers the class with URLProtocol).
report.check(URLConnection.registerProtocolClass(CapturingURLProtocol.self), "URLConnection.registerProtocolClass(CapturingURLProtocol.self)")

/// Loads `path` with a URLConnection delegate on the main run loop, prints what was captured.
func load(_ path: String, method: String = "GET", body: Data? = nil) -> (ConnectionRecorder, [CapturedExchange]) {
    var request = URLRequest(url: server.url(path), timeoutInterval: 10)
    request.httpMethod = method
    request.httpBody = body
    let recorder = ConnectionRecorder()
    _ = URLConnection(request: request, delegate: recorder)
    while !recorder.isDone {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
    let captured = CaptureLog.shared.drain()
    for exchange in captured {
        report.note("captured: \(exchange.summary)")
    }
    return (recorder, captured)
}

report.step("GET /redirect/2 — each hop captured, the redirects relayed (Apple) or followed (Linux)")
let (redirected, redirectCaptures) = load("/redirect/2")
report.check(redirectCaptures.map(\.statusCode) == [302, 302, 200], "captured 302, 302, 200")
#if canImport(FoundationNetworking)
// Linux's protocol client cannot take a relayed redirect (wasRedirectedTo traps): the protocol
// follows it, so the connection sees only the final response.
report.check(redirected.redirectsSeen == 0, "Linux: followed inside the protocol, the connection saw the final response only")
#else
report.check(redirected.redirectsSeen == 2, "relayed with wasRedirectedTo: the connection's willSend saw both redirects")
#endif
report.check(redirected.body == Data("redirected".utf8) && redirected.error == nil, "the connection got the final body")

report.step("GET /bytes/300000 — a large body passes through unchanged")
let (large, largeCaptures) = load("/bytes/300000")
report.check(largeCaptures.first?.responseBodyBytes == 300_000, "captured 300000 body bytes")
report.check(large.body.count == 300_000 && LoopbackServer.matchesPattern(large.body), "the connection got every byte, in order")

report.step("POST /echo — method, request body and response headers captured")
let (echoed, echoCaptures) = load("/echo", method: "POST", body: Data("hello, capture".utf8))
report.check(echoCaptures.first?.method == "POST" && echoCaptures.first?.responseHeaders["X-Echo-Method"] == "POST", "captured POST and the X-Echo-Method header")
report.check(echoCaptures.first?.requestBodyBytes == 14, "captured the 14 body bytes sent")
report.check(String(decoding: echoed.body, as: UTF8.self) == "hello, capture", "the server received the body")

report.step("GET /status/503 — an HTTP error is a response, not a failure")
let (unavailable, unavailableCaptures) = load("/status/503")
report.check(unavailableCaptures.first?.statusCode == 503 && unavailable.statusCode == 503 && unavailable.error == nil, "captured and delivered 503")

report.step("GET /drop/100000/1000 — a transport error is captured and passed on")
let (dropped, droppedCaptures) = load("/drop/100000/1000")
report.check(droppedCaptures.first?.error != nil, "captured the error")
report.check(dropped.error?.code == NSURLErrorNetworkConnectionLost, "the connection failed with -1005 \"\(dropped.error?.localizedDescription ?? "")\"")

report.step("No forwarding loop")
let sentToServer = server.requests.count
report.check(sentToServer == 7, "the server received each request once: \(sentToServer) requests for 7 exchanges")

URLConnection.unregisterProtocolClass(CapturingURLProtocol.self)
server.stop()
report.finish()

/// The app's side: an ordinary connection delegate that neither knows nor cares that a
/// URLProtocol sits between it and the network.
final class ConnectionRecorder: NSObject, URLConnectionDataDelegate {
    var redirectsSeen = 0
    var statusCode = 0
    var body = Data()
    var error: NSError?
    var isDone = false

    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        if response != nil {
            redirectsSeen += 1
        }
        return request
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        body.removeAll()
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        body.append(data)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        isDone = true
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        self.error = error as NSError
        isDone = true
    }
}
