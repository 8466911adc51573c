import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Messages for a connection that delivers its body in memory: redirects, the response, the
/// data as it arrives, upload progress, caching and completion.
///
/// Every method is optional. Messages arrive in NSURLConnection's order:
/// `willSend` (first request) → [redirects]* → [challenges]* → `didReceive response` →
/// `didReceive data`* → `connectionDidFinishLoading` or `connection(_:didFailWithError:)`.
/// They are sent on the connection's delegate queue or a run loop it is scheduled in.
public protocol URLConnectionDataDelegate: URLConnectionDelegate {
    /// Sent before each request goes out: first with the original request and a nil
    /// `redirectResponse`, then for every redirect. Return the request to send (modified or
    /// not); return nil on a redirect to stop following it — the redirect response and its
    /// body are then delivered as the final response.
    func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest?

    /// Sent when the final response's headers have arrived. The shim tells URLSession to go on
    /// after this method returns (or to stop, if the delegate cancelled the connection here).
    func connection(_ connection: URLConnection, didReceive response: URLResponse)

    /// Sent for each piece of the body, in order. `data` is only the new bytes.
    func connection(_ connection: URLConnection, didReceive data: Data)

    /// Sent when the body stream must be sent again (after a redirect or an authentication
    /// retry). Return a new, unopened stream with the same content; nil cancels the connection.
    func connection(_ connection: URLConnection, needNewBodyStream request: URLRequest) -> InputStream?

    /// Upload progress; `totalBytesExpectedToWrite` is 0 or -1 when the length is unknown.
    func connection(_ connection: URLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int)

    /// Asked before the response is stored in the URL cache. Return it (or a modified copy) to
    /// store it, nil to keep it out of the cache.
    func connection(_ connection: URLConnection, willCacheResponse cachedResponse: CachedURLResponse) -> CachedURLResponse?

    /// Sent once when the load has completed successfully. No message follows it; the delegate is
    /// released after it returns.
    func connectionDidFinishLoading(_ connection: URLConnection)
}

extension URLConnectionDataDelegate {
    /// Default: sends `request` unchanged, following every redirect.
    public func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {
        request
    }

    /// Default: does nothing; the load goes on.
    public func connection(_ connection: URLConnection, didReceive response: URLResponse) {}

    /// Default: does nothing; the data is dropped.
    public func connection(_ connection: URLConnection, didReceive data: Data) {}

    /// Default: nil, which cancels the connection, as NSURLConnection failed a load it could not resend.
    public func connection(_ connection: URLConnection, needNewBodyStream request: URLRequest) -> InputStream? {
        nil
    }

    /// Default: does nothing.
    public func connection(_ connection: URLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int) {}

    /// Default: stores `cachedResponse` as proposed.
    public func connection(_ connection: URLConnection, willCacheResponse cachedResponse: CachedURLResponse) -> CachedURLResponse? {
        cachedResponse
    }

    /// Default: does nothing.
    public func connectionDidFinishLoading(_ connection: URLConnection) {}
}
