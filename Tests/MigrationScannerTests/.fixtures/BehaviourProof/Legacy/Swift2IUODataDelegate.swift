// Swift 2 era: implicitly unwrapped parameters, Swift 2 labels, adopts NSURLConnectionDataDelegate.
import Foundation

class Swift2IUODataDelegate: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        _ = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) {
        events.append("response \((response as! HTTPURLResponse).statusCode)")
    }

    func connection(connection: NSURLConnection!, didReceiveData data: NSData!) {
        events.append("data \(data.length)")
    }

    func connectionDidFinishLoading(connection: NSURLConnection!) {
        events.append("finish")
        done?(events)
    }

    func connection(connection: NSURLConnection!, didFailWithError error: NSError!) {
        events.append("fail \(error.code)")
        done?(events)
    }
}
