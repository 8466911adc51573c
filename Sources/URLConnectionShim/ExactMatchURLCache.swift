import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking

/// The URL cache the shim's sessions read on Linux: the shim's URL cache, answering a request
/// only with a response stored for that very URL (C34).
///
/// Linux's `URLCache` keys an entry by host, port and path alone: the query and the scheme are
/// left out, so `/p?who=bob` is answered with the response stored for `/p?who=alice`, and an
/// `https` load with one stored from plain `http` (whoever answers the plain request chooses
/// what the secure one gets). RFC 9111 §2 keys a response by its method and whole target URI.
/// Entries still share Linux's key, so storing one URL's response replaces another's of the same
/// host, port and path; a lookup only ever returns a response for its own URL, or none.
///
/// Called by URLSession on its work queue; retains `storage`.
final class ExactMatchURLCache: URLCache, @unchecked Sendable {
    // Sendable: immutable after init; `URLCache` is thread-safe.
    let storage: URLCache

    init(storage: URLCache) {
        self.storage = storage
        super.init(memoryCapacity: 0, diskCapacity: 0, diskPath: nil)
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? {
        guard (request.httpMethod ?? "GET") == "GET", let url = request.url,
              let entry = storage.cachedResponse(for: request), entry.response.url?.absoluteString == url.absoluteString
        else { return nil }
        return entry
    }

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
        storage.storeCachedResponse(cachedResponse, for: request)
    }

    override func removeCachedResponse(for request: URLRequest) {
        storage.removeCachedResponse(for: request)
    }
}
#endif
