import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores the responses the shim hands to the URL cache on Linux: in memory at once, so that the
/// next load of the request is served from the cache, and on disk later, off the delegate's queue.
///
/// Linux's `URLCache.storeCachedResponse` writes a disk entry synchronously: it archives the
/// response, lists the cache directory to evict, writes the file and lists the directory again to
/// drop duplicates, several milliseconds that grow with the number of entries. Run on the
/// delegate's queue, that capped a delegate queue at about 140 loads a second of any response
/// with an `ETag` or `Last-Modified` header. Here one serial utility queue writes the disk copies,
/// at most one pending write per URL (a newer response replaces a waiting older one), and only
/// while the memory entry is still the one stored: `removeAllCachedResponses()` or a newer
/// store in between cancels the write.
final class CacheWriter: Sendable {
    /// The writer for `SessionHub.urlCache`.
    static let shared = CacheWriter()

    private struct PendingWrite {
        let stored: CachedURLResponse
        let persisted: CachedURLResponse
        let request: URLRequest
    }

    private let queue = DispatchQueue(label: "URLConnectionShim.CacheWriter", qos: .utility)
    /// The disk writes waiting for `queue`, by URL.
    private let pending = Locked([String: PendingWrite]())

    /// Stores `response` for `request` in `cache`: what the delegate allowed in memory before this
    /// returns, and its disk copy (storage policy `.allowed`) later, on the writer's queue.
    /// Called on the delegate's queue; retains `response` until its disk copy is written.
    func store(_ response: CachedURLResponse, for request: URLRequest, in cache: URLCache) {
        guard response.storagePolicy == .allowed, let key = request.url?.absoluteString else {
            cache.storeCachedResponse(response, for: request)
            return
        }
        let inMemory = CachedURLResponse(
            response: response.response, data: response.data, userInfo: response.userInfo, storagePolicy: .allowedInMemoryOnly)
        // The memory store and the pending write change together, so that the writer, which
        // checks the one and reads the other under the same lock, never sees them apart.
        let isFirstPending = pending.withLock { writes in
            cache.storeCachedResponse(inMemory, for: request)
            defer { writes[key] = PendingWrite(stored: inMemory, persisted: response, request: request) }
            return writes[key] == nil
        }
        if isFirstPending {
            queue.async { [self] in persistPendingWrite(for: key, in: cache) }
        }
    }

    /// Writes the newest response waiting for `key` to disk, unless its memory entry has gone.
    /// A `removeAllCachedResponses()` during the disk write itself is not seen: that one entry
    /// comes back, as it would had the write come a moment earlier.
    private func persistPendingWrite(for key: String, in cache: URLCache) {
        guard let write = pending.withLock({ $0.removeValue(forKey: key) }),
              cache.cachedResponse(for: write.request) === write.stored
        else { return }
        cache.storeCachedResponse(write.persisted, for: write.request)
        // That store put this response in memory too; one stored since then goes back on top.
        pending.withLock { writes in
            if let newer = writes[key] {
                cache.storeCachedResponse(newer.stored, for: newer.request)
            }
        }
    }
}
