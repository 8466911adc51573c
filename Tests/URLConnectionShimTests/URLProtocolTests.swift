import Foundation
import XCTest
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C25: registered URLProtocol classes intercept the shim's traffic, newest first.
final class URLProtocolTests: ShimTestCase {
    func test_c25_registeredProtocolInterceptsShimTraffic() {
        URLConnection.registerProtocolClass(StubProtocol.self)
        defer { URLConnection.unregisterProtocolClass(StubProtocol.self) }
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/status/200?stub=first"), mode: mode)
            XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "stubbed by StubProtocol", "\(mode)")
            XCTAssertTrue(server.requests.isEmpty, "the request reached the network")
        }
    }

    func test_c25_lastRegisteredIsConsultedFirst() {
        URLConnection.registerProtocolClass(StubProtocol.self)
        URLConnection.registerProtocolClass(LaterStubProtocol.self)
        defer {
            URLConnection.unregisterProtocolClass(StubProtocol.self)
            URLConnection.unregisterProtocolClass(LaterStubProtocol.self)
        }
        let recorder = run(request("/status/200?stub=both"), mode: .delegateQueue)
        XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "stubbed by LaterStubProtocol")
    }

    func test_c25_unregisteredProtocolNoLongerIntercepts() {
        URLConnection.registerProtocolClass(StubProtocol.self)
        URLConnection.unregisterProtocolClass(StubProtocol.self)
        let recorder = run(request("/status/200?stub=gone"), mode: .delegateQueue)
        XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "status 200")
    }

    func test_c25_registerRejectsClassesThatAreNotProtocols() {
        XCTAssertFalse(URLConnection.registerProtocolClass(NSObject.self))
    }
}

/// Answers every request whose query names a stub, from memory.
class StubProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.query?.hasPrefix("stub=") ?? false
    }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        let body = Data("stubbed by \(type(of: self))".utf8)
        let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "\(body.count)"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

final class LaterStubProtocol: StubProtocol {}
