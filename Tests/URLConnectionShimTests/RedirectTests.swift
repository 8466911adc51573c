import Foundation
import XCTest
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C12–C13: redirects go through `willSend`; refusing one delivers the redirect response.
final class RedirectTests: ShimTestCase {
    func test_c12_redirectChainCallsWillSendForEachHop() {
        for mode in DeliveryMode.allCases {
            let recorder = run(request("/redirect/2"), mode: mode)
            XCTAssertEqual(recorder.milestones, [
                .willSend(path: "/redirect/2", redirectedFrom: nil),
                .willSend(path: "/redirect/1", redirectedFrom: 302),
                .willSend(path: "/redirect/0", redirectedFrom: 302),
                .response(status: 200),
                .finish,
            ], "\(mode)")
            XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "redirected")
        }
    }

    func test_c12_redirectRefusedDeliversRedirectResponse() {
        for mode in DeliveryMode.allCases {
            let recorder = ConnectionRecorder()
            recorder.refuseRedirects = true
            run(request("/redirect/1"), mode: mode, recorder: recorder)
            XCTAssertEqual(recorder.milestones, [
                .willSend(path: "/redirect/1", redirectedFrom: nil),
                .willSend(path: "/redirect/0", redirectedFrom: 302),
                .response(status: 302),
                .finish,
            ], "\(mode)")
            XCTAssertEqual(recorder.finalResponse?.value(forHTTPHeaderField: "Location"), "/redirect/0")
        }
    }

    func test_c12_modifiedRedirectRequestIsTheOneSent() {
        final class Rewriter: ConnectionRecorder, @unchecked Sendable {
            // Sendable: as its superclass; adds no state.
            override func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
                var chosen = super.connection(connection, willSend: request, redirectResponse: response)
                if response != nil { chosen?.setValue("yes", forHTTPHeaderField: "X-Rewritten") }
                return chosen
            }
        }
        let recorder = Rewriter()
        run(request("/redirect-to?url=/headers"), mode: .delegateQueue, recorder: recorder)
        XCTAssertTrue(String(decoding: recorder.body, as: UTF8.self).lowercased().contains("x-rewritten: yes"))
    }

    func test_c13_originalRequestNeverChangesCurrentRequestFollowsRedirects() throws {
        let recorder = ConnectionRecorder()
        let original = request("/redirect/2")
        let connection = try XCTUnwrap(URLConnection(request: original, delegate: recorder, startImmediately: false))
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertEqual(connection.originalRequest.url, original.url)
        XCTAssertEqual(connection.currentRequest.url?.path, "/redirect/0")
    }

    func test_c12_redirectLoopEndsInOneFailure() {
        let recorder = run(request("/redirect-loop"), mode: .delegateQueue)
        XCTAssertEqual(recorder.error?.code, NSURLErrorHTTPTooManyRedirects)
    }
}
