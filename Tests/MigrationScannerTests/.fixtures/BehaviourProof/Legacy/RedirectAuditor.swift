// Swift 1/2 redirect delegate: sees the first request (nil redirect response), then each redirect.
import Foundation

class RedirectAuditor: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        _ = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(connection: NSURLConnection, willSendRequest request: NSURLRequest, redirectResponse response: NSURLResponse?) -> NSURLRequest? {
        let status = (response as? HTTPURLResponse).map { String($0.statusCode) } ?? "nil"
        events.append("willSend \(request.url?.path ?? "?") redirect=\(status)")
        return request
    }

    func connection(connection: NSURLConnection, didReceiveResponse response: NSURLResponse) {
        events.append("response \((response as! HTTPURLResponse).statusCode)")
    }

    func connection(connection: NSURLConnection, didReceiveData data: NSData) {
        events.append("data \(data.length)")
    }

    func connectionDidFinishLoading(connection: NSURLConnection) {
        events.append("finish")
        done?(events)
    }
}
