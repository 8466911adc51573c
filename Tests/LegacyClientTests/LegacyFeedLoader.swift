// Written the way NSURLConnection delegate code looked in Swift 3–5 code bases, then migrated by
// the renames alone: NSURLConnection → URLConnection, NSURLConnectionDataDelegate →
// URLConnectionDataDelegate, plus `import URLConnectionShim`. Compiled in Swift 5 mode (C2).
import Foundation
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

class LegacyFeedLoader: NSObject, URLConnectionDataDelegate {
    var connection: URLConnection?
    var receivedData = NSMutableData()
    var statusCode = 0
    var redirectCount = 0
    var challengeCount = 0
    var user: String?
    var password: String?
    var completion: ((Data?, Error?) -> Void)?

    func load(_ url: URL, completion: @escaping (Data?, Error?) -> Void) {
        self.completion = completion
        let request = NSMutableURLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
        request.setValue("LegacyFeedLoader/1.0", forHTTPHeaderField: "User-Agent")
        connection = URLConnection(request: request as URLRequest, delegate: self)
    }

    func loadLater(_ url: URL, completion: @escaping (Data?, Error?) -> Void) -> URLConnection? {
        self.completion = completion
        if let conn = URLConnection(request: URLRequest(url: url), delegate: self, startImmediately: false) {
            conn.schedule(in: RunLoop.current, forMode: .default)
            connection = conn
            return conn
        }
        return nil
    }

    func cancel() {
        connection?.cancel()
        connection = nil
    }

    // MARK: - NSURLConnectionDataDelegate

    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        if response != nil {
            redirectCount += 1
        }
        return request
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        if let httpResponse = response as? HTTPURLResponse {
            statusCode = httpResponse.statusCode
        }
        receivedData.length = 0
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        receivedData.append(data)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        completion?(receivedData as Data, nil)
        self.connection = nil
    }

    // MARK: - NSURLConnectionDelegate

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        completion?(nil, error)
        self.connection = nil
    }

    func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        challengeCount += 1
        if challenge.previousFailureCount == 0, let user = user, let password = password {
            let credential = URLCredential(user: user, password: password, persistence: .forSession)
            challenge.sender?.use(credential, for: challenge)
        } else {
            challenge.sender?.cancel(challenge)
        }
    }

    // MARK: - The class methods, as call sites used them

    static func fetchSynchronously(_ url: URL) throws -> (Data, Int) {
        var response: URLResponse?
        let data = try URLConnection.sendSynchronousRequest(URLRequest(url: url), returning: &response)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }

    static func fetchIgnoringResponse(_ url: URL) throws -> Data {
        return try URLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)
    }

    static func fetchAsynchronously(_ url: URL, completion: @escaping (Int, Data?, Error?) -> Void) {
        let request = URLRequest(url: url)
        URLConnection.sendAsynchronousRequest(request, queue: OperationQueue.main) { response, data, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            completion(status, data, error)
        }
    }
}
