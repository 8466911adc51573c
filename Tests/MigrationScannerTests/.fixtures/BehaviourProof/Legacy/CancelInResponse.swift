// A delegate that cancels in didReceiveResponse: no data, no finish, no failure follows.
import Foundation

class CancelInResponse: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        _ = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        events.append("response \((response as! HTTPURLResponse).statusCode)")
        connection.cancel()
        events.append("cancelled")
        // A message after cancel would land after this marker, on the same run loop.
        DispatchQueue.main.async { self.done?(self.events) }
    }

    func connection(_ connection: NSURLConnection, didReceive data: Data) {
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        events.append("finish")
    }

    func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
        events.append("fail \((error as NSError).code)")
    }
}
