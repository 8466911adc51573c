import Foundation
import XCTest
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A data delegate that records every message, where it ran, and whether two ever overlapped;
/// scripted through its properties to answer redirects and challenges or cancel mid-load.
class ConnectionRecorder: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
    // Sendable: recorded state is guarded by `lock`; the script is set before the load starts.
    enum Event: Equatable {
        case willSend(path: String, redirectedFrom: Int?)
        case challenge(previousFailures: Int)
        case response(status: Int)
        case data
        case sentBody(total: Int, expected: Int)
        case needBodyStream
        case willCache
        case finish
        case fail(code: Int)
    }

    struct Delivery {
        let event: Event
        let context: DeliveryContext
    }

    // Script.
    var refuseRedirects = false
    var credential: URLCredential?
    var answerChallenge: ((URLAuthenticationChallenge) -> Void)?
    var cancelAfter: ((Event) -> Bool)?
    var cacheAnswer: ((CachedURLResponse) -> CachedURLResponse?)?
    var modifyFirstRequest: ((URLRequest) -> URLRequest)?
    var bodyStream: (() -> InputStream?)?
    var onCredentialStorageQuestion: (() -> Void)?

    let ended = XCTestExpectation(description: "terminal message")
    private let lock = NSLock()
    private var recorded: [Delivery] = []
    private var receivedBody = Data()
    private var receivedError: NSError?
    private var isInside = false
    private var overlapped = false

    var deliveries: [Delivery] { locked { recorded } }
    var events: [Event] { deliveries.map(\.event) }
    /// Events without the data and progress messages, whose count depends on chunking.
    var milestones: [Event] {
        events.filter {
            switch $0 {
            case .data, .sentBody: false
            default: true
            }
        }
    }
    var body: Data { locked { receivedBody } }
    var error: NSError? { locked { receivedError } }
    var sawOverlap: Bool { locked { overlapped } }
    var finalResponse: HTTPURLResponse?

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func record(_ event: Event, on connection: URLConnection, _ extra: () -> Void = {}) {
        locked {
            if isInside { overlapped = true }
            isInside = true
            recorded.append(Delivery(event: event, context: .current))
            extra()
        }
        if cancelAfter?(event) == true {
            connection.cancel()
        }
        locked { isInside = false }
    }

    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        let status = (response as? HTTPURLResponse)?.statusCode
        record(.willSend(path: request.url?.path ?? "", redirectedFrom: status), on: connection)
        if response == nil {
            return modifyFirstRequest?(request) ?? request
        }
        return refuseRedirects ? nil : request
    }

    func connectionShouldUseCredentialStorage(_ connection: URLConnection) -> Bool {
        onCredentialStorageQuestion?()
        return true
    }

    func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        record(.challenge(previousFailures: challenge.previousFailureCount), on: connection)
        if let answerChallenge {
            answerChallenge(challenge)
        } else if let credential, challenge.previousFailureCount == 0 {
            challenge.sender?.use(credential, for: challenge)
        } else {
            challenge.sender?.continueWithoutCredential(for: challenge)
        }
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        let http = response as? HTTPURLResponse
        record(.response(status: http?.statusCode ?? 0), on: connection) {
            finalResponse = http
            receivedBody = Data()
        }
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        record(.data, on: connection) { receivedBody.append(data) }
    }

    func connection(_ connection: URLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int) {
        record(.sentBody(total: totalBytesWritten, expected: totalBytesExpectedToWrite), on: connection)
    }

    func connection(_ connection: URLConnection, needNewBodyStream request: URLRequest) -> InputStream? {
        record(.needBodyStream, on: connection)
        return bodyStream?()
    }

    func connection(_ connection: URLConnection, willCacheResponse cachedResponse: CachedURLResponse) -> CachedURLResponse? {
        record(.willCache, on: connection)
        guard let cacheAnswer else { return cachedResponse }
        return cacheAnswer(cachedResponse)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        record(.finish, on: connection)
        ended.fulfill()
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        record(.fail(code: (error as NSError).code), on: connection) { receivedError = error as NSError }
        ended.fulfill()
    }
}
