import Foundation
import XCTest
import LoopbackHTTPServer
import Locking
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C34: the URL cache answers a request only with a response stored for its whole URL, scheme
/// and query included (RFC 9111 §2).
final class CacheKeyTests: ShimTestCase {
    private let varyServed = Locked(0)

    override var routes: [String: Route] {
        let served = varyServed
        return [
            "/vary": Route { request in
                let count = served.withLock { $0 += 1; return $0 }
                var response = ScriptedResponse.text("for \(request.header("X-User") ?? "nobody") \(count)")
                response.headers["Cache-Control"] = "max-age=60"
                response.headers["Vary"] = "X-User"
                return response
            },
        ]
    }

    private func body(_ recorder: ConnectionRecorder) -> String {
        String(decoding: recorder.body, as: UTF8.self)
    }

    func test_c34_aResponseStoredForOneQueryDoesNotAnswerAnother() {
        URLCache.shared.removeAllCachedResponses()
        let alice = request("/cache/60?who=alice")
        XCTAssertEqual(body(run(alice, mode: .delegateQueue)), "cached 1")
        CacheWriter.shared.waitUntilStored(alice)
        XCTAssertEqual(body(run(request("/cache/60?who=bob"), mode: .delegateQueue)), "cached 2", "bob was served alice's response")
        XCTAssertEqual(server.requests.count, 2)
        CacheWriter.shared.waitUntilStored(request("/cache/60?who=bob"))
        XCTAssertEqual(body(run(request("/cache/60?who=bob"), mode: .delegateQueue)), "cached 2", "a response stored for its own URL still answers it")
        XCTAssertEqual(server.requests.count, 2)
    }

    func test_c34_aResponseStoredOverHTTPDoesNotAnswerHTTPS() throws {
        URLCache.shared.removeAllCachedResponses()
        let plain = request("/cache/60")
        XCTAssertEqual(body(run(plain, mode: .delegateQueue)), "cached 1")
        CacheWriter.shared.waitUntilStored(plain)
        var components = try XCTUnwrap(URLComponents(url: server.url("/cache/60"), resolvingAgainstBaseURL: false))
        components.scheme = "https"
        // The plain server never answers a TLS handshake: the load goes to the network and times out.
        let secure = run(URLRequest(url: try XCTUnwrap(components.url), timeoutInterval: 1), mode: .delegateQueue)
        XCTAssertNotEqual(body(secure), "cached 1", "the https load was answered with the response stored over http")
        XCTAssertEqual(secure.error?.code, NSURLErrorTimedOut, "\(secure.events)")
    }

    func test_c34_aResponseThatVariesByARequestHeaderIsNotStored() {
        URLCache.shared.removeAllCachedResponses()
        var alice = request("/vary")
        alice.setValue("alice", forHTTPHeaderField: "X-User")
        XCTAssertEqual(body(run(alice, mode: .delegateQueue)), "for alice 1")
        CacheWriter.shared.waitUntilStored(alice)
        var bob = request("/vary")
        bob.setValue("bob", forHTTPHeaderField: "X-User")
        XCTAssertEqual(body(run(bob, mode: .delegateQueue)), "for bob 2", "bob was served alice's response")
    }
}
