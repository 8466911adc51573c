import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A 401 or 407 response that a challenge may still supersede, with the body that followed it
/// (C14, C14b).
///
/// Linux's URLSession reports such a response and its whole body before the challenge;
/// NSURLConnection showed only the final response, so the shim waits to see whether another one
/// comes. It waits for at most `bodyLimit` bytes of body: a server that sends a huge or endless
/// body with its 401 must not make the shim hold it. Past the limit the held response is
/// delivered as the final one, the body flows on, and a challenge that comes after it is declined.
struct HeldChallengeResponse {
    /// The most body bytes held back before the response is delivered after all.
    static let bodyLimit = 1 << 20

    let response: URLResponse
    private(set) var body: [Data] = []
    private(set) var byteCount = 0

    init(_ response: URLResponse) {
        self.response = response
    }

    /// Holds `data` too; false (holding nothing more) when that would pass `bodyLimit`.
    mutating func hold(_ data: Data) -> Bool {
        guard byteCount + data.count <= Self.bodyLimit else { return false }
        body.append(data)
        byteCount += data.count
        return true
    }

    /// A 401 or 407 that names a scheme may be followed by a challenge and a final response.
    static func mayPrecedeChallenge(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else { return false }
        switch http.statusCode {
        case 401: return http.value(forHTTPHeaderField: "WWW-Authenticate") != nil
        case 407: return http.value(forHTTPHeaderField: "Proxy-Authenticate") != nil
        default: return false
        }
    }
}
