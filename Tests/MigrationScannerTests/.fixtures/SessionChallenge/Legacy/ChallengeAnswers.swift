// A delegate that answers a Basic challenge as `answer` says: with a credential, by cancelling,
// without a credential, or twice (NSURLConnection took the first answer and ignored the rest).
import Foundation

class ChallengeAnswers: NSObject, NSURLConnectionDataDelegate {
    var answer = ""
    var events: [String] = []
    var done: (([String]) -> Void)?

    func load(url: URL) {
        _ = NSURLConnection(request: URLRequest(url: url), delegate: self)
    }

    func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        events.append("challenge failures=\(challenge.previousFailureCount)")
        let credential = URLCredential(user: "user", password: "secret", persistence: .none)
        switch answer {
        case "cancel":
            challenge.sender?.cancel(challenge)
        case "cancel, then use":
            challenge.sender?.cancel(challenge)
            challenge.sender?.use(credential, for: challenge)
        case "use, then cancel":
            challenge.sender?.use(credential, for: challenge)
            challenge.sender?.cancel(challenge)
        case "continue without credential":
            challenge.sender?.continueWithoutCredential(for: challenge)
        default:
            challenge.sender?.use(credential, for: challenge)
        }
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

    func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
        let error = error as NSError
        events.append("fail \(error.domain) \(error.code) \(error.localizedDescription)")
        done?(events)
    }
}
