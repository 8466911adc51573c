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
    init?(response: URLResponse, request: URLRequest, cache: URLCache?) {
        #if canImport(FoundationNetworking)
        guard let cache, let http = response as? HTTPURLResponse, http.statusCode == 200,
              (request.httpMethod ?? "GET") == "GET",
              !Self.forbidsStorage(request.value(forHTTPHeaderField: "Cache-Control")),
              !Self.forbidsStorage(http.value(forHTTPHeaderField: "Cache-Control")),
              Self.statesFreshness(http)
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

    private static func forbidsStorage(_ cacheControl: String?) -> Bool {
        guard let cacheControl = cacheControl?.lowercased() else { return false }
        return cacheControl.contains("no-store") || cacheControl.contains("private")
    }

    private static func statesFreshness(_ response: HTTPURLResponse) -> Bool {
        let cacheControl = response.value(forHTTPHeaderField: "Cache-Control")?.lowercased() ?? ""
        return cacheControl.contains("max-age") || response.value(forHTTPHeaderField: "Expires") != nil
            || response.value(forHTTPHeaderField: "Last-Modified") != nil || response.value(forHTTPHeaderField: "ETag") != nil
    }
}
