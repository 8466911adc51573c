import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

/// What an upload request carries for its observers: the file it sends and an id for it.
/// Legacy code kept such values with `URLProtocol.setProperty`; here they travel as a typed property.
struct UploadSource: Codable, Sendable, Equatable {
    let fileURL: URL
    let uploadID: String
}

/// The request property keys this app uses.
enum RequestKeys {
    static let uploadSource = RequestPropertyKey<UploadSource>("com.example.upload-source")
    /// The key legacy code passed to `URLProtocol.setProperty`, kept to show what Linux does with it.
    static let legacyUploadFile = "uploadFile"
}

/// What the protocol read from one request.
struct UploadAudit: Sendable {
    let canInitSaw: UploadSource?
    let startLoadingSaw: UploadSource?
    /// The legacy `URLProtocol.property(forKey:in:)` value for the same request.
    let legacyPropertySeen: String?
}

/// A URLProtocol that intercepts only requests carrying an upload source, records what it read
/// from them (in `audits`) and forwards them without their properties.
///
/// Forwarded through a session whose configuration does not list this class, and stripped of
/// the property `canInit` looks for — either alone would prevent a forwarding loop.
final class UploadAuditProtocol: URLProtocol {
    /// Every audit so far; protocol instances run on the loading system's threads.
    static let audits = AuditLog()

    /// One session for all forwarded loads; without a delegate it retains nothing.
    private static let forwardingSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = configuration.protocolClasses?.filter { $0 != UploadAuditProtocol.self }
        return URLSession(configuration: configuration)
    }()

    /// The forwarded task, created on another queue and cancelled by stopLoading.
    private let forwardedLoad = ForwardedLoad()

    override class func canInit(with request: URLRequest) -> Bool {
        guard let source = request[property: RequestKeys.uploadSource] else { return false }
        audits.noteCanInit(source, for: request.url)
        return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        Self.audits.append(UploadAudit(
            canInitSaw: Self.audits.canInitSource(for: request.url),
            startLoadingSaw: request[property: RequestKeys.uploadSource],
            legacyPropertySeen: URLProtocol.property(forKey: RequestKeys.legacyUploadFile, in: request) as? String
        ))
        let forwarded = request.removingProperties()
        let client = self.client
        let context = ProtocolContext(urlProtocol: self)
        // Created off the loading system's queue: on Linux, creating a task on it traps
        // (a dispatch_sync onto the queue it is running on).
        DispatchQueue.global().async {
            let task = Self.forwardingSession.dataTask(with: forwarded) { data, response, error in
                let urlProtocol = context.urlProtocol
                // After stopLoading the client must hear nothing more (this is the cancel's error).
                guard !urlProtocol.forwardedLoad.wasStopped else { return }
                if let error {
                    client?.urlProtocol(urlProtocol, didFailWithError: error)
                    return
                }
                if let response {
                    client?.urlProtocol(urlProtocol, didReceive: response, cacheStoragePolicy: .notAllowed)
                }
                if let data {
                    client?.urlProtocol(urlProtocol, didLoad: data)
                }
                client?.urlProtocolDidFinishLoading(urlProtocol)
            }
            context.urlProtocol.forwardedLoad.begin(task)
        }
    }

    override func stopLoading() {
        forwardedLoad.stop()
    }
}

/// The protocol's record of what it read, shared by its instances.
final class AuditLog: @unchecked Sendable {
    // Sendable: `audits` and `canInitSources` are only touched inside `lock`.
    private let lock = NSLock()
    private var audits: [UploadAudit] = []
    private var canInitSources: [URL: UploadSource] = [:]

    func noteCanInit(_ source: UploadSource, for url: URL?) {
        guard let url else { return }
        lock.withLock { canInitSources[url] = source }
    }

    func canInitSource(for url: URL?) -> UploadSource? {
        guard let url else { return nil }
        return lock.withLock { canInitSources[url] }
    }

    func append(_ audit: UploadAudit) {
        lock.withLock { audits.append(audit) }
    }

    var all: [UploadAudit] {
        lock.withLock { audits }
    }
}

/// Carries the protocol into the forwarding closures. URLProtocol is not Sendable on Linux; this
/// one keeps its mutable state in its `ForwardedLoad`, and its client may be called from any thread.
private struct ProtocolContext: @unchecked Sendable {
    let urlProtocol: UploadAuditProtocol
}
