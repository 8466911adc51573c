import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate behind `sendAsynchronousRequest` and `sendSynchronousRequest`: collects the
/// final response and body of a connection and reports them once.
///
/// Running the class methods on a `URLConnection` gives them the same redirects, authentication
/// and error normalisation as delegate-based code, as NSURLConnection's class methods had.
final class ResponseCollector: NSObject, URLConnectionDataDelegate, @unchecked Sendable {
    // Sendable: every message for one connection is serial (its mailbox); `completion` is immutable.
    private var response: URLResponse?
    private var body = Data()
    private let completion: @Sendable (URLResponse?, Data?, Error?) -> Void

    init(completion: @escaping @Sendable (URLResponse?, Data?, Error?) -> Void) {
        self.completion = completion
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        self.response = response
        body = Data()
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        body.append(data)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        completion(response, body, nil)
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        completion(response, nil, error)
    }
}
