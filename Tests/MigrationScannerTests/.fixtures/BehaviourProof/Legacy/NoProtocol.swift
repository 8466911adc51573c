// No protocol at all: a plain NSObject whose methods NSURLConnection found by selector.
import Foundation

class NoProtocol: NSObject {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        let connection = NSURLConnection(request: URLRequest(url: url), delegate: self)
        _ = connection
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
