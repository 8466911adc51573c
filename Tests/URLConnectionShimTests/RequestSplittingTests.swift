import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C32: a request whose method or header fields would put extra lines on the wire fails with
/// a clear error before anything is sent: no smuggled header, no second request.
final class RequestSplittingTests: ShimTestCase {
    private static let smuggled = "x\r\nX-Injected: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: 127.0.0.1"

    private func splitting(_ edit: (inout URLRequest) -> Void) -> URLRequest {
        var request = request("/echo")
        edit(&request)
        return request
    }

    func test_c32_crLfInAMethodHeaderNameOrValueFailsBeforeAnythingIsSent() {
        let requests: [(String, URLRequest)] = [
            ("name", splitting { $0.setValue("1", forHTTPHeaderField: "X-Note: 1\r\nX-Injected") }),
            ("value", splitting { $0.allHTTPHeaderFields = ["X-Note": Self.smuggled] }),
            ("bare LF", splitting { $0.allHTTPHeaderFields = ["X-Note": "a\nX-Injected: 1"] }),
            ("bare CR", splitting { $0.allHTTPHeaderFields = ["X-Note": "a\rX-Injected: 1"] }),
            ("method", splitting { $0.httpMethod = "GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\nGET" }),
        ]
        for (what, request) in requests {
            let recorder = run(request, mode: .delegateQueue)
            XCTAssertEqual(recorder.error?.code, NSURLErrorBadURL, "\(what): \(recorder.events)")
            XCTAssertTrue(recorder.error?.localizedDescription.contains("not sent") ?? false, what)
            XCTAssertEqual(recorder.error?.userInfo[NSURLErrorFailingURLErrorKey] as? URL, server.url("/echo"), what)
        }
        XCTAssertEqual(server.requests.map(\.target), [], "nothing reaches the server")
    }

    func test_c32_aRedirectTheDelegateSplitsIsNotSent() {
        let recorder = ConnectionRecorder()
        recorder.modifyFirstRequest = { request in
            var request = request
            request.allHTTPHeaderFields = ["X-Note": Self.smuggled]
            return request
        }
        run(request("/echo"), mode: .delegateQueue, recorder: recorder)
        XCTAssertEqual(recorder.error?.code, NSURLErrorBadURL)
        XCTAssertEqual(server.requests.count, 0)
    }

    func test_c32_ordinaryFieldsAreSent() {
        let recorder = run(splitting {
            $0.httpMethod = "PATCH"
            $0.setValue("a value with \"quotes\", commas; and caf\u{E9}", forHTTPHeaderField: "X-Note")
        }, mode: .delegateQueue)
        XCTAssertNil(recorder.error)
        XCTAssertEqual(server.requests.first?.method, "PATCH")
    }
}
