import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C31: responses NSURLConnection delivered as one final response — interim 1xx responses are
/// not shown, a 3xx it cannot follow is the final response — and bodies whose framing or coding
/// cannot be trusted fail with the code that says so. Each reply is sent verbatim.
final class HostileResponseFramingTests: ShimTestCase {
    private static func raw(_ reply: String) -> Route {
        .constant(ScriptedResponse(body: .raw(Data(reply.utf8))))
    }

    private static let corruptGzip: Data = {
        var reply = Data("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 20\r\nConnection: close\r\n\r\n".utf8)
        reply.append(contentsOf: [0x1F, 0x8B, 0x08, 0x00] + [UInt8](repeating: 0xFF, count: 16))
        return reply
    }()

    override var routes: [String: Route] {
        [
            "/continue": Self.raw("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nfinal"),
            "/processing-hints": Self.raw(
                "HTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </s.css>; rel=preload\r\n\r\n"
                    + "HTTP/1.1 201 Created\r\nContent-Length: 4\r\nConnection: close\r\n\r\ndone"),
            "/redirect-without-location": Self.raw("HTTP/1.1 302 Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nno target"),
            "/redirect-empty-location": Self.raw("HTTP/1.1 301 Moved\r\nLocation: \r\nContent-Length: 5\r\nConnection: close\r\n\r\nempty"),
            "/conflicting-lengths": Self.raw(
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 11\r\nConnection: close\r\n\r\nhello world"),
            "/invalid-length": Self.raw("HTTP/1.1 200 OK\r\nContent-Length: 5x\r\nConnection: close\r\n\r\nhello"),
            "/repeated-equal-lengths": Self.raw(
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"),
            "/corrupt-gzip": .constant(ScriptedResponse(body: .raw(Self.corruptGzip))),
            "/no-space-after-colon": Self.raw("HTTP/1.1 200 OK\r\nX-A:b\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello"),
            "/latin-1-value": .constant(ScriptedResponse(body: .raw(
                Data("HTTP/1.1 200 OK\r\nX-A: caf".utf8) + [0xE9] + Data("\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello".utf8)))),
            "/many-header-lines": Self.raw(
                "HTTP/1.1 200 OK\r\n" + (0..<Self.manyHeaderLines).map { "X-Line-\($0): v\r\n" }.joined()
                    + "Content-Length: 5\r\nConnection: close\r\n\r\nhello"),
            "/redirect-with-a-body": .constant(ScriptedResponse(status: 302, headers: ["Location": "/bytes/5"], body: .pattern(count: 4 << 20))),
        ]
    }

    func test_c31_interimResponsesAreNotDelivered() {
        for (path, status, body) in [("/continue", 200, "final"), ("/processing-hints", 201, "done")] {
            let recorder = run(request(path), mode: .delegateQueue)
            XCTAssertEqual(recorder.milestones, [.willSend(path: path, redirectedFrom: nil), .response(status: status), .finish], path)
            XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), body, path)
        }
    }

    func test_c31_redirectWithoutAUsableLocationIsTheFinalResponse() {
        for (path, status, body) in [("/redirect-without-location", 302, "no target"), ("/redirect-empty-location", 301, "empty")] {
            let recorder = run(request(path), mode: .delegateQueue)
            XCTAssertEqual(recorder.milestones, [.willSend(path: path, redirectedFrom: nil), .response(status: status), .finish], path)
            #if canImport(FoundationNetworking)
            // Linux's URLSession keeps a redirect's body to itself (Docs/Linux.md).
            XCTAssertEqual(recorder.body, Data(), path)
            #else
            XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), body, path)
            #endif
        }
    }

    func test_c31_conflictingOrInvalidContentLengthFails() {
        for path in ["/conflicting-lengths", "/invalid-length"] {
            let recorder = run(request(path), mode: .delegateQueue)
            XCTAssertEqual(recorder.error?.code, NSURLErrorCannotParseResponse, "\(path): \(recorder.events)")
            XCTAssertFalse(recorder.events.contains(.finish), path)
            XCTAssertEqual(recorder.error?.userInfo[NSURLErrorFailingURLErrorKey] as? URL, server.url(path), path)
        }
        let repeated = run(request("/repeated-equal-lengths"), mode: .delegateQueue)
        XCTAssertEqual(String(decoding: repeated.body, as: UTF8.self), "hello", "identical repeats are one length (RFC 9110 §8.6)")
    }

    /// Header lines are parsed by Linux's URLSession itself, which refuses a line without a space
    /// after the colon (valid: RFC 9110 §5.5) or with bytes that are not UTF-8 (obsolete but
    /// sent by old servers) and stops the transfer: the shim can only say so (Docs/Linux.md).
    func test_c31_headerLinesLinuxCannotReadFailAsUnparsable() {
        for path in ["/no-space-after-colon", "/latin-1-value"] {
            let recorder = run(request(path), mode: .delegateQueue)
            #if canImport(FoundationNetworking)
            XCTAssertEqual(recorder.error?.code, NSURLErrorCannotParseResponse, "\(path): \(recorder.events)")
            XCTAssertTrue(recorder.error?.localizedDescription.contains("header line") ?? false, "\(path): \(String(describing: recorder.error))")
            #else
            XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "hello", path)
            #endif
        }
    }

    /// Linux's URLSession parses a header block in time that grows faster than its line count,
    /// on the session's work queue (Docs/Linux.md); such a response still loads.
    static let manyHeaderLines = 2_000

    func test_c31_aResponseWithThousandsOfHeaderLinesLoads() {
        let recorder = run(request("/many-header-lines"), mode: .delegateQueue)
        XCTAssertEqual(recorder.finalResponse?.value(forHTTPHeaderField: "X-Line-1999"), "v")
        XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "hello")
    }

    /// Linux's URLSession reads a redirect's whole body before it asks whether to follow it
    /// (Docs/Linux.md); the redirect is still followed and only the final body is delivered.
    func test_c31_aRedirectWithABodyIsFollowedWithoutItsBody() {
        let recorder = run(request("/redirect-with-a-body"), mode: .delegateQueue)
        XCTAssertEqual(recorder.milestones.first(where: { if case .response = $0 { true } else { false } }), .response(status: 200))
        XCTAssertEqual(recorder.body, LoopbackServer.patternBytes(count: 5))
    }

    func test_c31_corruptCompressedBodyCannotBeDecoded() {
        let recorder = run(request("/corrupt-gzip"), mode: .delegateQueue)
        XCTAssertEqual(recorder.error?.code, NSURLErrorCannotDecodeRawData, "\(recorder.events) \(String(describing: recorder.error))")
    }
}
