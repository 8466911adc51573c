import Foundation
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stress connection's data delegate: logs every message with where it ran, and cancels the
/// connection from inside a message when its scenario says so.
final class StressDelegate: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
    // Sendable: immutable apart from what `log` guards with its lock.
    private let log: StressLog
    private let expectation: DeliveryExpectation
    private let cancelInsideMessage: Int?

    init(log: StressLog, expectation: DeliveryExpectation, cancelInsideMessage: Int?) {
        self.log = log
        self.expectation = expectation
        self.cancelInsideMessage = cancelInsideMessage
    }

    private func handle(_ event: StressLog.Event, on connection: URLConnection, bytes: Int = 0) {
        let index = log.enter(event, violation: expectation.violation(by: .current), bytes: bytes)
        if index == cancelInsideMessage, !event.isTerminal {
            connection.cancel()
            log.noteCancelReturned(strict: true)
        }
        log.exit()
    }

    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        handle(.willSend, on: connection)
        return request
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        handle(.response(status: (response as? HTTPURLResponse)?.statusCode ?? 0), on: connection)
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        handle(.data, on: connection, bytes: data.count)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        handle(.finish, on: connection)
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        handle(.fail(code: (error as NSError).code), on: connection)
    }
}
