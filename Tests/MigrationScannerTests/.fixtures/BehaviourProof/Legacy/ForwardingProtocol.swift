// A URL protocol that forwards every request it accepts with NSURLConnection, marking the
// forwarded request with a header so it does not intercept it again, registered with NSURLProtocol.
import Foundation

class ForwardingProtocol: NSURLProtocol, NSURLConnectionDataDelegate {
    static let marker = "X-Forwarded-By"
    var connection: NSURLConnection?

    override class func canInit(with request: URLRequest) -> Bool {
        return request.value(forHTTPHeaderField: marker) == nil && request.url?.query == "via=protocol"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        return request
    }

    override func startLoading() {
        var forwarded = request
        forwarded.setValue("ForwardingProtocol", forHTTPHeaderField: ForwardingProtocol.marker)
        connection = NSURLConnection(request: forwarded, delegate: self)
    }

    override func stopLoading() {
        connection?.cancel()
    }

    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) {
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    }

    func connection(connection: NSURLConnection!, didReceiveData data: NSData!) {
        client?.urlProtocol(self, didLoad: data as Data)
    }

    func connectionDidFinishLoading(connection: NSURLConnection!) {
        client?.urlProtocolDidFinishLoading(self)
    }

    func connection(connection: NSURLConnection!, didFailWithError error: NSError!) {
        client?.urlProtocol(self, didFailWithError: error)
    }
}

enum ForwardingProtocolClient {
    static func load(url: URL, done: @escaping ([String]) -> Void) {
        NSURLProtocol.registerClass(ForwardingProtocol.self)
        NSURLConnection.sendAsynchronousRequest(URLRequest(url: url), queue: OperationQueue.main) { response, data, error in
            NSURLProtocol.unregisterClass(ForwardingProtocol.self)
            let body = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            done(["async \(status) forwarded=\(body.contains("X-Forwarded-By: ForwardingProtocol")) error=\(error != nil)"])
        }
    }
}
