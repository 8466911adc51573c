// Swift 2 authentication delegate answering a Basic challenge with a credential.
import Foundation

class AuthChallenge: NSObject, NSURLConnectionDataDelegate {
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        _ = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(connection: NSURLConnection, willSendRequestForAuthenticationChallenge challenge: NSURLAuthenticationChallenge) {
        events.append("challenge \(challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic ? "basic" : "other") failures=\(challenge.previousFailureCount)")
        let credential = NSURLCredential(user: "user", password: "secret", persistence: .forSession)
        challenge.sender?.use(credential, for: challenge)
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
