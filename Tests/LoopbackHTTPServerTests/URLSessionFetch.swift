import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// What a data task delivered.
struct FetchResult: Sendable {
    var data: Data?
    var response: HTTPURLResponse?
    var error: Error?

    var status: Int? { response?.statusCode }
    var text: String? { data.map { String(decoding: $0, as: UTF8.self) } }
}

/// Collects a task's result across the delegate queue and the test thread.
final class FetchResultBox: @unchecked Sendable { // Sendable: `result` is only touched while holding `lock`.
    private let lock = NSLock()
    private var result = FetchResult()

    func set(_ value: FetchResult) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() -> FetchResult {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

extension XCTestCase {
    /// Starts a data task for `request` and returns its box plus an expectation fulfilled on completion.
    func startFetch(_ request: URLRequest, session: URLSession) -> (FetchResultBox, XCTestExpectation) {
        let box = FetchResultBox()
        let done = expectation(description: "fetch \(request.url?.absoluteString ?? "")")
        session.dataTask(with: request) { data, response, error in
            box.set(FetchResult(data: data, response: response as? HTTPURLResponse, error: error))
            done.fulfill()
        }.resume()
        return (box, done)
    }

    func fetch(_ request: URLRequest, session: URLSession = .shared, timeout: TimeInterval = 30) -> FetchResult {
        let (box, done) = startFetch(request, session: session)
        wait(for: [done], timeout: timeout)
        return box.get()
    }

    func fetch(_ url: URL, session: URLSession = .shared, timeout: TimeInterval = 30) -> FetchResult {
        fetch(URLRequest(url: url), session: session, timeout: timeout)
    }

    /// A session of its own, so connection reuse and pooling are not shared with other tests.
    func makeSession(maximumConnectionsPerHost: Int = 6) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = 30
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        addTeardownBlock { session.invalidateAndCancel() }
        return session
    }
}
