// Optional parameters (some 2014 code declared them so), against a 404: a response, not a failure.
import Foundation

class OptionalParameters: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        _ = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(connection: NSURLConnection?, didReceiveResponse response: NSURLResponse?) {
        events.append("response \((response as? HTTPURLResponse)?.statusCode ?? -1)")
    }

    func connection(connection: NSURLConnection?, didReceiveData data: NSData?) {
        events.append("data \(data?.length ?? -1)")
    }

    func connectionDidFinishLoading(connection: NSURLConnection?) {
        events.append("finish")
        done?(events)
    }

    func connection(connection: NSURLConnection?, didFailWithError error: NSError?) {
        events.append("fail \(error?.code ?? 0)")
        done?(events)
    }
}
