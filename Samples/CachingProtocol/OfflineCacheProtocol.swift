import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An offline cache as a URLProtocol (with URLSession instead of NSURLConnection):
/// answers a GET from `store` when it holds the URL, otherwise loads it through URLSession and
/// stores a 200 response before passing it on.
///
/// No forwarding loop on any platform: the forwarding session's configuration does not list
/// this class. (The legacy protocol broke its loop with a "handled" tag set by `URLProtocol.setProperty`,
/// which Linux's Foundation drops when the request is copied: rule urlprotocol-missing-handled-tag.)
final class OfflineCacheProtocol: URLProtocol {
    /// Where responses are kept; a temporary directory for the sample.
    static let store = ResponseStore(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("OfflineCache-\(ProcessInfo.processInfo.processIdentifier)")
    )

    /// One session for every forwarded load. It has no delegate, so it retains nothing and
    /// needs no invalidation.
    private static let forwardingSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = configuration.protocolClasses?.filter { $0 != OfflineCacheProtocol.self }
        // The store is the cache here; URLCache would otherwise answer the second load itself.
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// The forwarded task, created on another queue and cancelled by stopLoading.
    private let forwardedLoad = ForwardedLoad()

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return (request.httpMethod ?? "GET") == "GET"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        guard let url = request.url else { return }
        if let (stored, body) = Self.store.entry(for: url) {
            serve(stored, body)
        } else {
            forward()
        }
    }

    override func stopLoading() {
        forwardedLoad.stop()
    }

    private func serve(_ stored: StoredResponse, _ body: Data) {
        var headers = stored.headers
        headers["X-Offline-Cache"] = "stored \(ISO8601DateFormatter().string(from: stored.storedAt))"
        let response = HTTPURLResponse(url: stored.url, statusCode: stored.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)!
        // .notAllowed: this protocol is the cache; URLCache should not keep a second copy.
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    private func forward() {
        let request = self.request
        let client = self.client
        let forwarding = ForwardingContext(urlProtocol: self)
        // Created off the loading system's queue: on Linux, creating a task on it traps
        // (a dispatch_sync onto the queue it is running on).
        DispatchQueue.global().async {
            let task = Self.forwardingSession.dataTask(with: request) { data, response, error in
                let urlProtocol = forwarding.urlProtocol
                // After stopLoading the client must hear nothing more (this is the cancel's error).
                guard !urlProtocol.forwardedLoad.wasStopped else { return }
                if let error {
                    client?.urlProtocol(urlProtocol, didFailWithError: error)
                    return
                }
                guard let response, let data else { return }
                if let http = response as? HTTPURLResponse, http.statusCode == 200, let url = request.url {
                    try? Self.store.save(http, body: data, for: url)
                }
                client?.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed)
                client?.urlProtocol(urlProtocol, didLoad: data)
                client?.urlProtocolDidFinishLoading(urlProtocol)
            }
            forwarding.urlProtocol.forwardedLoad.begin(task)
        }
    }
}

/// Carries the protocol into the forwarding closures. URLProtocol is not Sendable on Linux; the
/// instance is safe to hand over because its only mutable state is its `ForwardedLoad` and its
/// client may be called from any thread.
private struct ForwardingContext: @unchecked Sendable {
    let urlProtocol: OfflineCacheProtocol
}
