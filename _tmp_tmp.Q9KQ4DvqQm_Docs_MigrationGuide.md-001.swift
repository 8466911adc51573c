// Docs/MigrationGuide.md block 1
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

final class FeedLoader: NSObject, URLConnectionDataDelegate {
    private var body = Data()
    private(set) var connection: URLConnection?
    var onFinish: ((Data) -> Void)?
    var onFailure: ((Error) -> Void)?

    func start(_ url: URL) {
        connection = URLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        body = Data()
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        body.append(data)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        onFinish?(body)
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        onFailure?(error)
    }
}
