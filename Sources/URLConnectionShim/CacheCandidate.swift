import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response the shim may store in the URL cache itself, with the body collected so far.
///
/// Linux's URLSession answers from the URL cache but never stores a response nor asks
/// `willCacheResponse`; on Linux the shim does both when the load finishes, as Apple's
/// URLSession does before reporting completion. Only responses that say how long they stay
/// fresh are kept, and only up to a twentieth of the cache's disk capacity (Apple's limit), so
/// uncacheable and large loads cost no copy.
struct CacheCandidate {
    let response: HTTPURLResponse
    private(set) var body = Data()
    private let limit: Int

    /// A candidate for `response` to `request`, or nil when it must not be cached.
    ///
    /// Runs for every response, and each `value(forHTTPHeaderField:)` on Linux lowercases every
    /// header name, so each header is looked up once at most, the response's before the request's.
    init?(response: URLResponse, request: URLRequest, cache: URLCache?) {
        #if canImport(FoundationNetworking)
        guard let cache, let http = response as? HTTPURLResponse, http.statusCode == 200,
              (request.httpMethod ?? "GET") == "GET"
        else { return nil }
        let cacheControl = http.value(forHTTPHeaderField: "Cache-Control")?.lowercased()
        guard !Self.forbidsStorage(cacheControl), Self.statesFreshness(http, cacheControl: cacheControl),
              !Self.forbidsStorage(request.value(forHTTPHeaderField: "Cache-Control")?.lowercased())
        else { return nil }
        self.response = http
        limit = cache.diskCapacity / 20
        #else
        return nil
        #endif
    }

    /// Adds the next piece of the body; false once the body outgrew the limit (drop the candidate).
    mutating func append(_ data: Data) -> Bool {
        guard body.count + data.count <= limit else { return false }
        body.append(data)
        return true
    }

    var cachedResponse: CachedURLResponse {
        CachedURLResponse(response: response, data: body, userInfo: [CacheReadPolicy.storedAtKey: Date()], storagePolicy: .allowed)
    }

    /// Whether a lowercased Cache-Control value forbids storing. Absent means no: `contains` is
    /// not free even on an empty string.
    private static func forbidsStorage(_ cacheControl: String?) -> Bool {
        guard let cacheControl else { return false }
        return cacheControl.contains("no-store") || cacheControl.contains("private")
    }

    private static func statesFreshness(_ response: HTTPURLResponse, cacheControl: String?) -> Bool {
        cacheControl?.contains("max-age") == true || response.value(forHTTPHeaderField: "Expires") != nil
            || response.value(forHTTPHeaderField: "Last-Modified") != nil || response.value(forHTTPHeaderField: "ETag") != nil
    }
}
