// Failures: a refused connection and a timeout reach didFailWithError with NSURLConnection's codes.
import Foundation

class FailureDelegate: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL, timeout: TimeInterval) {
        let request = NSMutableURLRequest(url: url)
        request.timeoutInterval = timeout
        _ = NSURLConnection(request: request as URLRequest, delegate: self)
    }

    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) {
        events.append("response")
    }

    func connectionDidFinishLoading(connection: NSURLConnection!) {
        events.append("finish")
        done?(events)
    }

    func connection(connection: NSURLConnection!, didFailWithError error: NSError!) {
        events.append("fail \(error.domain == NSURLErrorDomain ? "NSURLErrorDomain" : error.domain) \(error.code)")
        done?(events)
    }
}
