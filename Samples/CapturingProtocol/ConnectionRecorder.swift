import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

/// The app's side: an ordinary connection delegate that neither knows nor cares that a
/// URLProtocol sits between it and the network.
final class ConnectionRecorder: NSObject, URLConnectionDataDelegate {
    var redirectsSeen = 0
    var statusCode = 0
    var body = Data()
    var error: NSError?
    var isDone = false

    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        if response != nil {
            redirectsSeen += 1
        }
        return request
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        body.removeAll()
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        body.append(data)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        isDone = true
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        self.error = error as NSError
        isDone = true
    }
}
