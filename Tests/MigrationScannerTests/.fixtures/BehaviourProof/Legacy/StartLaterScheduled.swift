// Swift 4 era: startImmediately false, scheduled on the current run loop, then started.
import Foundation

class StartLaterScheduled: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        let connection = NSURLConnection(request: URLRequest(url: url), delegate: self, startImmediately: false)
        connection?.schedule(in: RunLoop.current, forMode: .default)
        events.append("scheduled")
        connection?.start()
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        events.append("response \((response as! HTTPURLResponse).statusCode) main=\(Thread.isMainThread)")
    }

    func connection(_ connection: NSURLConnection, didReceive data: Data) {
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        events.append("finish")
        done?(events)
    }
}
