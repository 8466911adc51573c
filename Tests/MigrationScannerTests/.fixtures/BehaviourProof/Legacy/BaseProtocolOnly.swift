// The most-copied 2014 shape: adopts only NSURLConnectionDelegate and implements data methods,
// which NSURLConnection found at run time.
import Foundation

class BaseProtocolOnly: NSObject, NSURLConnectionDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?
    var connection: NSURLConnection?

    func load(url: URL) {
        connection = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        events.append("response \((response as! HTTPURLResponse).statusCode)")
    }

    func connection(_ connection: NSURLConnection, didReceive data: Data) {
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        events.append("finish")
        done?(events)
    }
}
