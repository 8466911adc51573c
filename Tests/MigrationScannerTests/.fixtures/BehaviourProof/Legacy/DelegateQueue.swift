// setDelegateQueue: every message runs as an operation on the queue given.
import Foundation

class DelegateQueue: NSObject, NSURLConnectionDataDelegate {
    let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        let connection = NSURLConnection(request: URLRequest(url: url), delegate: self, startImmediately: false)
        connection?.setDelegateQueue(queue)
        connection?.start()
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        events.append("response \((response as! HTTPURLResponse).statusCode) onQueue=\(OperationQueue.current === queue)")
    }

    func connection(_ connection: NSURLConnection, didReceive data: Data) {
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        events.append("finish onQueue=\(OperationQueue.current === queue)")
        done?(events)
    }
}
