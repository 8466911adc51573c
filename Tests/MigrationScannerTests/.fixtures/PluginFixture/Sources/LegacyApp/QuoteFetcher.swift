import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Class-method calls in closures: the asynchronous one with a trailing closure, the synchronous
/// one in Swift 2's spelling (`returningResponse:`), and the `canHandleRequest` check.
enum QuoteFetcher {
    static func fetch(_ url: URL, completion: @escaping @Sendable (String) -> Void) {
        let request = URLRequest(url: url)
        guard NSURLConnection.canHandleRequest(request) else { return completion("cannot handle") }
        NSURLConnection.sendAsynchronousRequest(request, queue: OperationQueue()) { response, data, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            completion("async \(status) \(data?.count ?? 0) error=\(error != nil)")
        }
    }

    static func fetchSynchronously(_ url: URL) -> String {
        var response: NSURLResponse?
        let body = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returningResponse: &response)
        return "sync \((response as? NSHTTPURLResponse)?.statusCode ?? 0) \(body?.count ?? 0)"
    }
}
