// A delegate that cancels in didReceiveResponse: NSURLConnection then tells it nothing more of
// that connection. A second connection, started after the cancel, finishes; no event of the first
// may come before that (its large body is on its way when the cancel comes).
import Foundation

class CancelInResponse: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?
    var first: NSURLConnection?
    var second: NSURLConnection?
    var url: URL?

    func load(url: URL) {
        self.url = url
        first = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        events.append("response \((response as! HTTPURLResponse).statusCode)")
        guard connection === first else { return }
        connection.cancel()
        events.append("cancelled")
        second = NSURLConnection(request: URLRequest(url: URL(string: "/status/204", relativeTo: url)!), delegate: self)
    }

    func connection(_ connection: NSURLConnection, didReceive data: Data) {
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        events.append(connection === second ? "finish second" : "finish first")
        if connection === second { done?(events) }
    }

    func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
        events.append("fail \((error as NSError).code)")
        if connection === second { done?(events) }
    }
}
