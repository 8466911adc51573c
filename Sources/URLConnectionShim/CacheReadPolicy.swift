import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Makes a request's cache policy and its cached entry's age decide whether the URL cache
/// answers it.
///
/// Linux's URLSession answers from the URL cache whenever an entry exists, whatever the
/// request's `cachePolicy` (even `.reloadIgnoringLocalAndRemoteCacheData`) and however old
/// the entry is. On Linux the shim therefore sends reloads through a session without a cache,
/// and evicts a stale entry before a load under the protocol's policy. Apple's URLSession
/// applies both itself, and this type leaves it alone there.
enum CacheReadPolicy {
    /// The key under which the shim records when it stored an entry (see `CacheCandidate`).
    static let storedAtKey = "URLConnectionShim.storedAt"

    /// Whether the session loading `request` may answer from the URL cache.
    static func mayReadCache(for request: URLRequest) -> Bool {
        #if canImport(FoundationNetworking)
        switch request.cachePolicy {
        case .reloadIgnoringLocalCacheData, .reloadIgnoringLocalAndRemoteCacheData, .reloadRevalidatingCacheData:
            return false
        default:
            return true
        }
        #else
        return true
        #endif
    }

    /// Removes `request`'s entry from `cache` when the protocol's policy applies and the entry
    /// is no longer fresh, so that the load goes to the network.
    static func evictStaleEntry(for request: URLRequest, in cache: URLCache?) {
        #if canImport(FoundationNetworking)
        guard request.cachePolicy == .useProtocolCachePolicy, let cache,
              let entry = cache.cachedResponse(for: request)
        else { return }
        if !isFresh(entry, now: Date()) {
            cache.removeCachedResponse(for: request)
        }
        #endif
    }

    /// Fresh while younger than its `max-age`, or before its `Expires` date; an entry that
    /// states neither is stale (the shim does not revalidate).
    static func isFresh(_ entry: CachedURLResponse, now: Date) -> Bool {
        guard let response = entry.response as? HTTPURLResponse else { return false }
        let storedAt = entry.userInfo?[storedAtKey] as? Date
            ?? response.value(forHTTPHeaderField: "Date").flatMap(httpDate)
        if let maxAge = maxAge(in: response.value(forHTTPHeaderField: "Cache-Control")), let storedAt {
            return now.timeIntervalSince(storedAt) < maxAge
        }
        if let expires = response.value(forHTTPHeaderField: "Expires").flatMap(httpDate) {
            return now < expires
        }
        return false
    }

    private static func maxAge(in cacheControl: String?) -> TimeInterval? {
        guard let cacheControl else { return nil }
        for directive in cacheControl.lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "max-age", let seconds = TimeInterval(parts[1]) {
                return seconds
            }
        }
        return nil
    }

    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
