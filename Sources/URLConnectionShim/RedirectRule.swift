import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds the request a redirect leads to, as NSURLConnection (and curl) built it (C12b).
///
/// Linux's URLSession builds it by copying every header of the previous request, so credentials
/// and cookies followed a redirect to any origin, and it drops the body of a 307 or 308. The shim
/// builds the request itself from the request it sent, taking only the target URL from URLSession:
/// - across origins (scheme, host or port differ) `Authorization`, `Proxy-Authorization` and
///   `Cookie` are removed, before the delegate's `willSend` sees the request (a delegate that
///   wants them may add them back there);
/// - 303 turns any method but HEAD into GET, 301 and 302 turn a POST into a GET, and a request
///   that becomes a GET loses its body and the headers describing it; 307 and 308 (and the other
///   codes) keep method and body.
enum RedirectRule {
    /// Headers that carry credentials or session state of the origin they were set for.
    static let originBoundHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// Headers that describe a body, removed with it.
    private static let bodyHeaders = ["Content-Type", "Content-Length", "Transfer-Encoding"]

    /// The request that follows `previous` (the request the shim sent) after `response`, whose
    /// `Location` URLSession resolved to `target`.
    static func request(after response: HTTPURLResponse, from previous: URLRequest, to target: URL?) -> URLRequest {
        var next = previous
        next.url = target
        if isCrossOrigin(previous.url, target) {
            for name in originBoundHeaders {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        let method = previous.httpMethod ?? "GET"
        let becomesGet = switch response.statusCode {
        case 303: method != "HEAD"
        case 301, 302: method == "POST"
        default: false
        }
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in bodyHeaders {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    /// Whether `a` and `b` differ in scheme, host or port (default ports made explicit).
    static func isCrossOrigin(_ a: URL?, _ b: URL?) -> Bool {
        origin(of: a) != origin(of: b)
    }

    private static func origin(of url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = url.port ?? defaultPort
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port.map(String.init) ?? "")"
    }
}
