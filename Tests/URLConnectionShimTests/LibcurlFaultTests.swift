import Foundation
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C20: a server that answers with something that is not HTTP gets an error
/// that says so — a bad or unparsable server response, with libcurl's reason in the text —
/// instead of "unsupported URL" or an unknown error. Each reply is sent verbatim by the
/// loopback server, which then closes the connection.
final class LibcurlFaultTests: ShimTestCase {
    private struct Case {
        let reply: String
        let code: Int
        let fault: String
    }

    private static let cases: [String: Case] = [
        "/garbage-status-line": Case(reply: "HELLO WORLD\r\n\r\n", code: NSURLErrorBadServerResponse, fault: "no HTTP status line"),
        "/http09": Case(reply: "just a body, no status line, no headers", code: NSURLErrorBadServerResponse, fault: "no HTTP status line"),
        "/invalid-chunk-size": Case(
            reply: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
            code: NSURLErrorCannotParseResponse, fault: "chunked body is framed wrongly"),
        "/huge-header": Case(
            reply: "HTTP/1.1 200 OK\r\nX-Flood: " + String(repeating: "a", count: 1 << 20) + "\r\nContent-Length: 0\r\n\r\n",
            code: NSURLErrorCannotParseResponse, fault: "header is too large"),
    ]

    override var routes: [String: Route] {
        Self.cases.mapValues { .constant(ScriptedResponse(body: .raw(Data($0.reply.utf8)))) }
    }

    func test_c20_malformedRepliesAreBadOrUnparsableResponsesWithLibcurlsReason() {
        for (path, expected) in Self.cases.sorted(by: { $0.key < $1.key }) {
            let recorder = run(request(path), mode: .delegateQueue)
            guard let error = recorder.error else {
                XCTFail("\(path): no error, events \(recorder.milestones)")
                continue
            }
            XCTAssertEqual(error.code, expected.code, "\(path): \(error)")
            XCTAssertTrue(error.localizedDescription.contains(expected.fault), "\(path): \(error.localizedDescription)")
            XCTAssertTrue(error.localizedDescription.contains("libcurl: "), "\(path): reason dropped: \(error.localizedDescription)")
            XCTAssertEqual(error.userInfo[NSURLErrorFailingURLErrorKey] as? URL, server.url(path), path)
            XCTAssertNotNil(error.userInfo[NSUnderlyingErrorKey], path)
        }
    }

    func test_c20_classMethodsReportTheSameError() {
        XCTAssertThrowsError(try URLConnection.sendSynchronousRequest(request("/http09"), returning: nil)) { error in
            XCTAssertEqual((error as NSError).code, NSURLErrorBadServerResponse)
        }
    }
}
