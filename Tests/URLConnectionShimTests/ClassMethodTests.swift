import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C22–C24: the class methods.
final class ClassMethodTests: ShimTestCase {
    func test_c22_sendSynchronousRequestReturnsBodyAndResponse() throws {
        XCTAssertTrue(Thread.isMainThread, "runs on the main thread with no run loop running")
        var response: URLResponse?
        let data = try URLConnection.sendSynchronousRequest(request("/bytes/5000"), returning: &response)
        XCTAssertEqual(data, LoopbackServer.patternBytes(count: 5000))
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
    }

    func test_c22_sendSynchronousRequestReturnsBodyFor4xx() throws {
        var response: URLResponse?
        let data = try URLConnection.sendSynchronousRequest(request("/status/404"), returning: &response)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "status 404")
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 404)
        XCTAssertEqual(try URLConnection.sendSynchronousRequest(request("/status/500"), returning: nil), Data("status 500".utf8))
    }

    func test_c22_sendSynchronousRequestThrowsClassicError() {
        var response: URLResponse?
        XCTAssertThrowsError(try URLConnection.sendSynchronousRequest(URLRequest(url: URL(string: "http://127.0.0.1:1/")!), returning: &response)) { error in
            XCTAssertEqual((error as NSError).code, NSURLErrorCannotConnectToHost)
        }
        XCTAssertNil(response)
    }

    func test_c22_sendSynchronousRequestWorksOnAnyQueueWithoutDeadlock() {
        let done = expectation(description: "done")
        done.expectedFulfillmentCount = 8
        let url = server.url("/bytes/1000")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let data = try? URLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)
            XCTAssertEqual(data?.count, 1000)
            done.fulfill()
        }
        let serial = OperationQueue()
        serial.maxConcurrentOperationCount = 1
        let onQueue = expectation(description: "on an operation queue")
        serial.addOperation {
            XCTAssertEqual((try? URLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil))?.count, 1000)
            onQueue.fulfill()
        }
        wait(for: [done, onQueue], timeout: 20)
    }

    func test_c23_sendAsynchronousRequestCallsHandlerOnceOnQueue() {
        let queue = OperationQueue()
        let called = expectation(description: "handler")
        let calls = Locked(0)
        URLConnection.sendAsynchronousRequest(request("/status/201"), queue: queue) { response, data, error in
            XCTAssertTrue(OperationQueue.current === queue)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 201)
            XCTAssertEqual(data, Data("status 201".utf8))
            XCTAssertNil(error)
            calls.withLock { $0 += 1 }
            called.fulfill()
        }
        wait(for: [called], timeout: 10)
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(calls.withLock { $0 }, 1)
    }

    func test_c23_sendAsynchronousRequestFailureHasNilData() {
        let failed = expectation(description: "handler")
        URLConnection.sendAsynchronousRequest(request("/drop/10000/10"), queue: .main) { _, data, error in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertNil(data)
            XCTAssertEqual((error as NSError?)?.code, NSURLErrorNetworkConnectionLost)
            failed.fulfill()
        }
        wait(for: [failed], timeout: 10)
    }

    func test_c24_canHandleKnowsSchemesAndRegisteredProtocols() {
        XCTAssertTrue(URLConnection.canHandle(URLRequest(url: URL(string: "http://example.com")!)))
        XCTAssertTrue(URLConnection.canHandle(URLRequest(url: URL(string: "https://example.com")!)))
        XCTAssertFalse(URLConnection.canHandle(URLRequest(url: URL(string: "gopher://example.com")!)))
        URLConnection.registerProtocolClass(GopherProtocol.self)
        defer { URLConnection.unregisterProtocolClass(GopherProtocol.self) }
        XCTAssertTrue(URLConnection.canHandle(URLRequest(url: URL(string: "gopher://example.com")!)))
    }
}

/// Claims gopher: URLs and answers them from memory.
final class GopherProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "gopher" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        let response = URLResponse(url: request.url!, mimeType: "text/plain", expectedContentLength: 5, textEncodingName: nil)
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("hole!".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}
