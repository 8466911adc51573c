import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts a connection in the initialiser's style of 2015 and audits each request it sends.
final class RedirectAuditor: NSObject {
    var connection: NSURLConnection!
    var events: [String] = []
    var onFinish: (([String]) -> Void)?

    func start(_ url: URL) {
        connection = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }
}

// MARK: - NSURLConnectionDelegate, NSURLConnectionDataDelegate

extension RedirectAuditor: NSURLConnectionDelegate,
                           NSURLConnectionDataDelegate {
    func connection(connection: NSURLConnection, willSendRequest request: NSURLRequest,
                    redirectResponse response: NSURLResponse?) -> NSURLRequest? {
        events.append("willSend \(request.url?.path ?? "?") redirect=\(response != nil)")
        return request
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        events.append("response")
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        events.append("finish")
        onFinish?(events)
    }

    func connectionShouldUseCredentialStorage(connection: NSURLConnection!) -> Bool {
        events.append("credentialStorage")
        return false
    }
}
