import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// The challenge and redirect methods move. Each answer through `challenge.sender`
/// becomes a call of `answerChallenge` with its disposition, which answers URLSession as the
/// sender answered NSURLConnection (contract C14); the
/// redirect body answers for the first request when the task is created (C7, which URLSession
/// never asks about) and for each redirect (C12). A class that answers challenges moves only
/// when its code is built for Apple platforms only (`--apple-only`, or a UIKit-like import): on
/// Linux, URLSession shows the 401 to the delegate before the challenge.
final class FixSessionChallengeAndRedirectTests: XCTestCase {
    private func loader(_ members: String) -> String {
        """
        import Foundation

        class Loader: NSObject, NSURLConnectionDataDelegate {
            func load(_ request: URLRequest) {
                _ = NSURLConnection(request: request, delegate: self)
            }

        \(members)
        }

        """
    }

    func testEveryAnswerThroughTheSenderBecomesItsDisposition() {
        let (text, outcome) = fixedToURLSession(loader("""
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    switch challenge.previousFailureCount {
                    case 0: challenge.sender?.use(URLCredential(user: "u", password: "p", persistence: .none), for: challenge)
                    case 1: challenge.sender!.continueWithoutCredential(for: challenge)
                    case 2: challenge.sender?.performDefaultHandling?(for: challenge)
                    case 3: challenge.sender?.rejectProtectionSpaceAndContinue?(with: challenge)
                    default: challenge.sender?.cancel(challenge)
                    }
                }
            """), appleOnly: true)
        XCTAssertEqual(outcome.movedClasses, ["Loader"])
        for expected in [
            "func urlSession(_ session: URLSession, task connection: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, "
                + "completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {",
            "        let answerChallenge = sessionChallengeAnswer(to: challenge, of: connection, completionHandler)\n"
                + "        switch challenge.previousFailureCount {\n",
            #"case 0: answerChallenge(.useCredential, URLCredential(user: "u", password: "p", persistence: .none))"#,
            "case 1: answerChallenge(.useCredential, nil)",
            "case 2: answerChallenge(.performDefaultHandling, nil)",
            "case 3: answerChallenge(.rejectProtectionSpace, nil)",
            "default: answerChallenge(.cancelAuthenticationChallenge, nil)",
            // The first answer counts, and a cancelled challenge is a failure (contract C14):
            // FixSessionChallengeAnswerTests runs them.
            "            guard !answered else { return }\n            answered = true\n",
            "        let error = sessionChallengeError(of: task, error)\n        if sessionTaskDidEndCancelled(error) {\n",
            "        userInfo[NSLocalizedDescriptionKey] = \"The operation couldn’t be completed. (NSURLErrorDomain error -1012.)\"\n"
                + "        return NSError(domain: NSURLErrorDomain, code: NSURLErrorUserCancelledAuthentication, userInfo: userInfo)\n",
            // On Linux, .useCredential without a credential traps.
            "            #if canImport(FoundationNetworking)\n",
            "                completionHandler(.cancelAuthenticationChallenge, nil)\n",
        ] {
            XCTAssertTrue(text.contains(expected), "missing:\n\(expected)\nin:\n\(text)")
        }
        XCTAssertFalse(text.contains(".sender") || text.contains("import URLConnectionShim"), text)
    }

    func testAChallengeClassMovesOnlyWhenItsCodeIsBuiltForApplePlatformsOnly() {
        let challenge = """
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    challenge.sender?.cancel(challenge)
                }
            """
        let (text, outcome) = fixedToURLSession(loader(challenge))
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(text.contains("import URLConnectionShim") && !text.contains("URLSessionDataDelegate"), text)
        XCTAssertEqual(outcome.notes.map(\.line), [8], "\(outcome.notes)")
        XCTAssertTrue(outcome.notes.contains { $0.reason.contains("on Linux URLSession delivers a 401 and its body to the delegate "
            + "before it asks") && $0.reason.contains("it moves with --apple-only") }, "\(outcome.notes)")

        XCTAssertEqual(fixedToURLSession(loader(challenge), appleOnly: true).outcome.movedClasses, ["Loader"])
        let appKit = "import AppKit\n" + loader(challenge)
        XCTAssertEqual(fixedToURLSession(appKit).outcome.movedClasses, ["Loader"], "AppKit exists on macOS only")
        let eitherPlatform = "#if canImport(UIKit)\nimport UIKit\n#endif\n" + loader(challenge)
        XCTAssertEqual(fixedToURLSession(eitherPlatform).outcome.movedClasses, [], "a conditional import builds on Linux too")
    }

    func testASenderReadOtherwiseKeepsTheClassOnTheShim() {
        let (text, outcome) = fixedToURLSession(loader("""
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    let sender = challenge.sender
                    sender?.cancel(challenge)
                }
            """))
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(text.contains("import URLConnectionShim"), text)
        XCTAssertTrue(outcome.notes.contains { $0.reason.contains("reads challenge.sender other than to answer") }, "\(outcome.notes)")
    }

    func testTheOlderChallengeMethodAndTheCredentialStorageAnswerMoveToo() {
        let (text, outcome) = fixedToURLSession(loader("""
                func connectionShouldUseCredentialStorage(_ connection: NSURLConnection) -> Bool {
                    return false
                }

                func connection(_ connection: NSURLConnection, didReceive challenge: URLAuthenticationChallenge) {
                    challenge.sender?.continueWithoutCredential(for: challenge)
                }
            """), appleOnly: true)
        XCTAssertEqual(outcome.movedClasses, ["Loader"])
        for expected in [
            "    func sessionShouldUseCredentialStorage() -> Bool {\n        return false\n",
            """
                        let configuration = URLSessionConfiguration.default
                        if !sessionShouldUseCredentialStorage() {
                            configuration.urlCredentialStorage = nil
                        }
                        connectionSession = URLSession(configuration: configuration, delegate: self,

            """,
            "didReceive challenge: URLAuthenticationChallenge, completionHandler: ",
            // NSURLConnection sent the older method no trust or certificate challenge without
            // connection(_:canAuthenticateAgainstProtectionSpace:); the session sends every one.
            "        #if !canImport(FoundationNetworking)\n"
                + "        if [NSURLAuthenticationMethodServerTrust, NSURLAuthenticationMethodClientCertificate]"
                + ".contains(challenge.protectionSpace.authenticationMethod) { completionHandler(.performDefaultHandling, nil); return }\n"
                + "        #endif\n"
                + "        let answerChallenge = sessionChallengeAnswer(to: challenge, of: connection, completionHandler)\n",
            "        answerChallenge(.useCredential, nil)\n",
            // No finish or failure method names the task: `task task` would draw a warning.
            "func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {",
        ] {
            XCTAssertTrue(text.contains(expected), "missing:\n\(expected)\nin:\n\(text)")
        }
    }

    func testAnUnnamedConnectionIsNamedForTheAnswers() {
        let (text, outcome) = fixedToURLSession(loader("""
                func connection(_: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    challenge.sender?.cancel(challenge)
                }

                func connectionDidFinishLoading(_: NSURLConnection) {
                }
            """), appleOnly: true)
        XCTAssertEqual(outcome.movedClasses, ["Loader"])
        for expected in [
            "func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge, ",
            "        let answerChallenge = sessionChallengeAnswer(to: challenge, of: task, completionHandler)\n",
            "func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {\n"
                + "        let error = sessionChallengeError(of: task, error)\n",
        ] {
            XCTAssertTrue(text.contains(expected), "missing:\n\(expected)\nin:\n\(text)")
        }
    }

    func testBothChallengeMethodsKeepTheClassOnTheShim() {
        let (_, outcome) = fixedToURLSession(loader("""
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    challenge.sender?.cancel(challenge)
                }

                func connection(_ connection: NSURLConnection, didReceive challenge: URLAuthenticationChallenge) {
                    challenge.sender?.cancel(challenge)
                }
            """))
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(outcome.notes.contains { $0.reason.contains("implements both challenge methods") }, "\(outcome.notes)")
    }

    func testTheRedirectBodyAnswersForTheFirstRequestAndEachRedirect() {
        let (text, outcome) = fixedToURLSession(loader("""
                func connection(_ connection: NSURLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
                    return response == nil ? request : nil
                }
            """))
        XCTAssertEqual(outcome.movedClasses, ["Loader"])
        for expected in [
            "    func sessionWillSend(_ request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {\n"
                + "        return response == nil ? request : nil\n",
            "        guard var request = sessionWillSend(request, redirectResponse: nil) else {\n            return nil\n        }\n",
            "willPerformHTTPRedirection response: HTTPURLResponse,\n",
            "        completionHandler(sessionWillSend(request, redirectResponse: response))\n",
        ] {
            XCTAssertTrue(text.contains(expected), "missing:\n\(expected)\nin:\n\(text)")
        }
    }

    func testARedirectBodyThatReadsItsConnectionStaysOnTheShim() {
        let (_, outcome) = fixedToURLSession(loader("""
                func connection(_ connection: NSURLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
                    if response != nil { connection.cancel() }
                    return request
                }
            """))
        XCTAssertEqual(outcome.movedClasses, [])
        XCTAssertTrue(outcome.notes.contains { $0.reason.contains("reads its connection, but no task exists yet") }, "\(outcome.notes)")
    }

    /// swift-corelibs-foundation ignores the timeout of a request bridged from `NSMutableURLRequest`
    /// (the proof's Timeout trace shows the rest): the task is made from a request whose interval is set again.
    func testTheTaskIsMadeFromARequestWhoseTimeoutIsSetOnTheValue() {
        let text = fixedToURLSession(loader("")).text
        XCTAssertTrue(text.contains("        var request = request\n"), text)
        XCTAssertTrue(text.contains("        request.timeoutInterval = request.timeoutInterval\n"), text)
    }
}
