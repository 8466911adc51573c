import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C34: the URL cache answers a request only with a response stored for its whole URL, scheme
/// and query included (RFC 9111 §2).
final class CacheKeyTests: ShimTestCase {
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
}
