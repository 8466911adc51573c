import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLProtocol that records every HTTP exchange (method, URL, status, headers, timing, body
/// sizes) into `CaptureLog.shared` while forwarding it unchanged through a URLSession — a
/// legacy capture protocol with its bugs fixed:
///
/// - `didReceive response` calls `completionHandler(.allow)` (rule response-completion-not-called);
/// - its session is created for the load and invalidated when the load ends or is stopped, so
///   it does not leak (rule session-per-request); a production protocol would share one session
///   and route its delegate messages by task;
/// - it uses a delegate, not a completion-handler task, so data and redirects pass through;
/// - redirects are relayed with `client?.urlProtocol(_:wasRedirectedTo:redirectResponse:)` on
///   Apple platforms (on Linux that call traps, so the redirect is followed and each hop
///   captured), and errors are passed on with `didFailWithError`;
/// - no forwarding loop: the forwarding session's configuration does not list this class, which
///   works on Linux and Apple platforms alike, whereas a "handled" tag set with
///   `URLProtocol.setProperty` does not survive on Linux (rule urlprotocol-missing-handled-tag).
///
/// Not Sendable: Linux's Foundation marks URLProtocol's Sendable conformance unavailable, so the
/// session delegate — which must be Sendable — is a separate object, `CaptureForwarder`.
final class CapturingURLProtocol: URLProtocol {
    /// Set in `startLoading`, used in `stopLoading`; the loading system calls the two in order.
    private var forwarder: CaptureForwarder?

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let forwarder = CaptureForwarder(owner: self)
        self.forwarder = forwarder
        forwarder.start(request)
    }

    override func stopLoading() {
        forwarder?.stop()
        forwarder = nil
    }
}

/// Forwards one load of `CapturingURLProtocol` through its own URLSession, passes every message
/// on to the protocol's client and records the exchange.
///
/// The session retains this delegate until it is invalidated — at the end of the exchange or
/// when the load is stopped — so nothing outlives the load.
final class CaptureForwarder: NSObject, @unchecked Sendable {
    // Sendable: the loading system calls start/stop on its threads while the session's delegate
    // messages run on `delegateQueue`; the state they share is in `load`, touched only inside
    // `loadLock`. `owner` is only used to reach its client, called from `delegateQueue` alone.

    /// What the load has seen so far.
    private struct LoadState {
        var session: URLSession?
        var exchange: CapturedExchange?
        var startedAt = Date()
        /// Set once the exchange is logged: later messages for the task (the error of a task
        /// cancelled after a relayed redirect, or after a stop) are not passed on.
        var isFinished = false
    }

    /// Weak: the protocol owns its forwarder, not the other way round. Once the loading system
    /// lets go of the protocol there is no client left to tell anything.
    private weak var owner: CapturingURLProtocol?
    private let loadLock = NSLock()
    private var load = LoadState()
    private let delegateQueue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()

    init(owner: CapturingURLProtocol) {
        self.owner = owner
    }

    func start(_ request: URLRequest) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = configuration.protocolClasses?.filter { $0 != CapturingURLProtocol.self }
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
        let exchange = CapturedExchange(method: request.httpMethod ?? "GET", url: request.url!)
        loadLock.withLock {
            load.session = session
            load.exchange = exchange
            load.startedAt = Date()
        }
        // Created on `delegateQueue`, not here: startLoading runs on the loading system's queue,
        // and on Linux creating a task from it waits for that same queue (a dispatch_sync
        // deadlock, which traps). Under the lock, so a stop cannot invalidate the session between
        // the check and the creation.
        delegateQueue.addOperation { [self] in
            let task = loadLock.withLock { load.isFinished ? nil : session.dataTask(with: request) }
            task?.resume()
        }
    }

    func stop() {
        let session = loadLock.withLock { () -> URLSession? in
            defer { load.session = nil }
            return load.session
        }
        session?.invalidateAndCancel()
        endExchange { _ in }
    }

    /// Updates the exchange, logs it, and invalidates the session once its task is done.
    /// Returns false if the exchange had already ended: the caller then passes nothing on.
    @discardableResult
    private func endExchange(_ update: (inout CapturedExchange) -> Void) -> Bool {
        let ended = loadLock.withLock { () -> (CapturedExchange, URLSession?)? in
            guard !load.isFinished, var exchange = load.exchange else { return nil }
            load.isFinished = true
            update(&exchange)
            exchange.duration = Date().timeIntervalSince(load.startedAt)
            defer { load.session = nil }
            return (exchange, load.session)
        }
        guard let (exchange, session) = ended else { return false }
        CaptureLog.shared.append(exchange)
        session?.finishTasksAndInvalidate()
        return true
    }
}

// MARK: URLSessionTaskDelegate

extension CaptureForwarder: URLSessionTaskDelegate {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        #if canImport(FoundationNetworking)
        // Linux: swift-corelibs-foundation's protocol client traps in wasRedirectedTo ("doesn't
        // currently handle redirects directly"), so the redirect is followed here. Each hop is
        // still captured; the client sees the final response only.
        loadLock.withLock {
            guard !load.isFinished, var hop = load.exchange else { return }
            hop.statusCode = response.statusCode
            hop.responseHeaders = response.allHeaderFields as? [String: String] ?? [:]
            hop.redirectedTo = request.url
            hop.duration = Date().timeIntervalSince(load.startedAt)
            CaptureLog.shared.append(hop)
            load.exchange = CapturedExchange(method: request.httpMethod ?? "GET", url: request.url!)
            load.startedAt = Date()
        }
        completionHandler(request)
        #else
        let relayed = endExchange { exchange in
            exchange.statusCode = response.statusCode
            exchange.responseHeaders = response.allHeaderFields as? [String: String] ?? [:]
            exchange.redirectedTo = request.url
        }
        // Not followed here: the client decides (a connection's willSend may change or refuse
        // the request), and the loading system starts a new protocol instance for the new
        // request. As in Apple's CustomHTTPProtocol sample: relay, cancel, end this load.
        completionHandler(nil)
        task.cancel()
        if relayed {
            if let owner {
                owner.client?.urlProtocol(owner, wasRedirectedTo: request, redirectResponse: response)
                owner.client?.urlProtocol(owner, didFailWithError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
            }
        }
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        // The bytes the task sent: the request body is not read here, since inside a URLProtocol
        // `httpBody` is nil for bodies sent through URLSession (rule urlprotocol-reads-httpbody).
        let bodyBytesSent = Int(task.countOfBytesSent)
        if let error {
            if endExchange({ $0.error = error as NSError; $0.requestBodyBytes = bodyBytesSent }), let owner {
                owner.client?.urlProtocol(owner, didFailWithError: error)
            }
        } else if endExchange({ $0.requestBodyBytes = bodyBytesSent }), let owner {
            owner.client?.urlProtocolDidFinishLoading(owner)
        }
    }
}

// MARK: URLSessionDataDelegate

extension CaptureForwarder: URLSessionDataDelegate {
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let isCurrent = loadLock.withLock { () -> Bool in
            guard !load.isFinished else { return false }
            if let http = response as? HTTPURLResponse {
                load.exchange?.statusCode = http.statusCode
                load.exchange?.responseHeaders = http.allHeaderFields as? [String: String] ?? [:]
            }
            return true
        }
        if isCurrent, let owner {
            // This protocol only observes: caching stays with the client's own URLCache rules.
            owner.client?.urlProtocol(owner, didReceive: response, cacheStoragePolicy: .notAllowed)
        }
        // Always answered: without it Apple's URLSession delivers no data and no completion.
        completionHandler(isCurrent ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let isCurrent = loadLock.withLock { () -> Bool in
            guard !load.isFinished else { return false }
            load.exchange?.responseBodyBytes += data.count
            return true
        }
        if isCurrent, let owner {
            owner.client?.urlProtocol(owner, didLoad: data)
        }
    }
}
