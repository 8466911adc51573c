// Upload progress with Swift 2 labels: didSendBodyData rises to the body's length before the response.
import Foundation

class UploadProgress: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 7, count: 1000)
        _ = NSURLConnection(request: request, delegate: self)
    }

    func connection(connection: NSURLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int) {
        if totalBytesWritten == totalBytesExpectedToWrite {
            events.append("sent \(totalBytesWritten)/\(totalBytesExpectedToWrite)")
        }
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
