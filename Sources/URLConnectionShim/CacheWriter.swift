import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores the responses the shim hands to the URL cache on Linux, off the delegate's queue.
///
/// Linux's `URLCache.storeCachedResponse` writes a disk entry synchronously: it archives the
/// response, lists the cache directory to evict, writes the file and lists the directory again to
/// drop duplicates, several milliseconds that grow with the number of entries. Run on the
/// delegate's queue, that capped a delegate queue at about 140 loads a second of any response
/// with an `ETag` or `Last-Modified` header. Here one serial utility queue stores, at most one
/// waiting store per URL (a newer response replaces a waiting older one), and a load that may
/// read the cache first waits for its URL's store (`waitUntilStored`), so it is served what the
/// load before it stored.
///
/// Linux's URLCache also lists a URL once more in its memory order on every store, and traps
/// when an eviction meets the repeat; the writer removes an entry before storing its URL again,
/// and keeps an unchanged response stored less than `refreshInterval` ago as it is.
final class CacheWriter: Sendable {
    /// The writer for `SessionHub.urlCache`.
    static let shared = CacheWriter()

    private struct PendingStore {
        let response: CachedURLResponse
        let request: URLRequest
    }

    private struct State {
        /// The stores waiting for `queue`, by URL.
        var pending: [String: PendingStore] = [:]
        /// The URL being stored now.
        var storing: String?
    }

    private let queue = DispatchQueue(label: "URLConnectionShim.CacheWriter", qos: .utility)
    private let state = Locked(State())

    /// Stores `response` for `request` in `cache` later, on the writer's queue. Called on the
    /// delegate's queue; retains `response` until it is stored.
    func store(_ response: CachedURLResponse, for request: URLRequest, in cache: URLCache) {
        guard let key = request.url?.absoluteString else { return }
        let isFirstPending = state.withLock { state in
            defer { state.pending[key] = PendingStore(response: response, request: request) }
            return state.pending[key] == nil
        }
        if isFirstPending {
            queue.async { [self] in storePending(for: key, in: cache) }
        }
    }

    /// Returns once no store for `request`'s URL waits or runs. Called where a load that may read
    /// the cache starts; it waits only when a store of its URL is pending, and then for every store
    /// queued before that one too (the writer's queue is serial).
    func waitUntilStored(_ request: URLRequest) {
        guard let key = request.url?.absoluteString,
              state.withLock({ $0.pending[key] != nil || $0.storing == key })
        else { return }
        queue.sync {}
    }

    private func storePending(for key: String, in cache: URLCache) {
        guard let store = state.withLock({ state -> PendingStore? in
            state.storing = key
            return state.pending.removeValue(forKey: key)
        }) else { return }
        defer { state.withLock { $0.storing = nil } }
        if let existing = cache.cachedResponse(for: store.request) {
            if Self.isRecentCopy(existing, of: store.response) { return }
            cache.removeCachedResponse(for: store.request)
        }
        cache.storeCachedResponse(store.response, for: store.request)
    }

    /// How long an unchanged response stands for a newer copy of itself: a URL loaded again and
    /// again (a poll, a benchmark) is written to disk at most about once in this interval.
    static let refreshInterval: TimeInterval = 1

    /// Whether `existing` holds what `new` holds (status, headers, body) and was stored less than
    /// `refreshInterval` before it: storing `new` would change only the time the entry was stored.
    private static func isRecentCopy(_ existing: CachedURLResponse, of new: CachedURLResponse) -> Bool {
        guard let storedAt = existing.userInfo?[CacheReadPolicy.storedAtKey] as? Date,
              let newStoredAt = new.userInfo?[CacheReadPolicy.storedAtKey] as? Date,
              newStoredAt.timeIntervalSince(storedAt) < refreshInterval,
              let old = existing.response as? HTTPURLResponse, let fresh = new.response as? HTTPURLResponse,
              old.statusCode == fresh.statusCode, existing.data == new.data
        else { return false }
        return NSDictionary(dictionary: old.allHeaderFields).isEqual(to: fresh.allHeaderFields)
    }
}
