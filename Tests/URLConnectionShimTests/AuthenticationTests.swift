import Foundation
import XCTest
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C14: challenges reach the delegate with a sender whose answers become URLSession dispositions.
final class AuthenticationTests: ShimTestCase {
    private let path = "/basic-auth/ada/lovelace"

    func test_c14_credentialThroughSenderShowsOnlyTheFinalResponse() {
        for mode in DeliveryMode.allCases {
            let recorder = ConnectionRecorder()
            recorder.credential = URLCredential(user: "ada", password: "lovelace", persistence: .none)
            run(request(path), mode: mode, recorder: recorder)
            XCTAssertEqual(recorder.milestones, [
                .willSend(path: path, redirectedFrom: nil),
                .challenge(previousFailures: 0),
                .response(status: 200),
                .finish,
            ], "\(mode)")
            XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "authenticated ada")
        }
    }

    func test_c14_continueWithoutCredentialDeliversThe401() {
        let recorder = run(request(path), mode: .delegateQueue)
        XCTAssertEqual(recorder.milestones, [
            .willSend(path: path, redirectedFrom: nil),
            .challenge(previousFailures: 0),
            .response(status: 401),
            .finish,
        ])
        XCTAssertEqual(String(decoding: recorder.body, as: UTF8.self), "unauthorized")
    }

    func test_c14_cancelThroughSenderFailsWithUserCancelledAuthentication() {
        let recorder = ConnectionRecorder()
        recorder.answerChallenge = { $0.sender?.cancel($0) }
        run(request(path), mode: .delegateQueue, recorder: recorder)
        // Only the failure: NSURLConnection never showed the 401 of a challenge the delegate cancelled.
        XCTAssertEqual(recorder.milestones, [
            .willSend(path: path, redirectedFrom: nil),
            .challenge(previousFailures: 0),
            .fail(code: NSURLErrorUserCancelledAuthentication),
        ])
        XCTAssertEqual(recorder.body, Data())
    }

    func test_c14_firstAnswerCounts() {
        let recorder = ConnectionRecorder()
        recorder.answerChallenge = { challenge in
            challenge.sender?.use(URLCredential(user: "ada", password: "lovelace", persistence: .none), for: challenge)
            challenge.sender?.cancel(challenge)
            challenge.sender?.continueWithoutCredential(for: challenge)
        }
        run(request(path), mode: .delegateQueue, recorder: recorder)
        XCTAssertEqual(recorder.milestones.suffix(2), [.response(status: 200), .finish])
    }

    func test_c14_deprecatedPairIsUsedWithoutWillSendRequestFor() {
        final class LegacyAuthDelegate: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
            // Sendable: written on the delegate queue, read after `done` is fulfilled.
            var askedSpace: String?
            var status = 0
            let done = XCTestExpectation(description: "done")
            func connection(_ connection: URLConnection, canAuthenticateAgainstProtectionSpace protectionSpace: URLProtectionSpace) -> Bool {
                askedSpace = protectionSpace.authenticationMethod
                return true
            }
            func connection(_ connection: URLConnection, didReceive challenge: URLAuthenticationChallenge) {
                challenge.sender?.use(URLCredential(user: "ada", password: "lovelace", persistence: .none), for: challenge)
            }
            func connection(_ connection: URLConnection, didReceive response: URLResponse) {
                status = (response as? HTTPURLResponse)?.statusCode ?? 0
            }
            func connectionDidFinishLoading(_ connection: URLConnection) { done.fulfill() }
        }
        let delegate = LegacyAuthDelegate()
        let connection = URLConnection(request: request(path), delegate: delegate, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        wait(for: [delegate.done], timeout: 10)
        XCTAssertEqual(delegate.askedSpace, NSURLAuthenticationMethodHTTPBasic)
        XCTAssertEqual(delegate.status, 200)
    }

    func test_c14_noAuthenticationMethodsMeansDefaultHandlingWithCredentialStorageOn() {
        final class Plain: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
            // Sendable: written on the delegate queue, read after `done` is fulfilled.
            var status = 0
            let done = XCTestExpectation(description: "done")
            func connection(_ connection: URLConnection, didReceive response: URLResponse) {
                status = (response as? HTTPURLResponse)?.statusCode ?? 0
            }
            func connectionDidFinishLoading(_ connection: URLConnection) { done.fulfill() }
        }
        let delegate = Plain()
        XCTAssertTrue(delegate.connectionShouldUseCredentialStorage(URLConnection(request: request(path), delegate: nil, startImmediately: false)!))
        let connection = URLConnection(request: request(path), delegate: delegate, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        wait(for: [delegate.done], timeout: 10)
        XCTAssertEqual(delegate.status, 401)
    }
}

/// C14 for the class methods and delegate-less connections, which answer with default handling.
final class DefaultAuthenticationTests: ShimTestCase {
    func test_c14_defaultHandlingWithoutCredentialDeliversThe401ToClassMethods() throws {
        var response: URLResponse?
        let body = try URLConnection.sendSynchronousRequest(request("/basic-auth/ada/lovelace"), returning: &response)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 401)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "unauthorized")
    }

    func test_c14_delegateLessConnectionFinishesAfterAChallenge() {
        let connection = URLConnection(request: request("/basic-auth/ada/lovelace"), delegate: nil, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        XCTAssertTrue(waitForCondition { !self.server.requests.isEmpty })
        XCTAssertTrue(waitForCondition { SessionHub.shared.runningTaskCount == 0 }, "the task never finished")
    }
}
