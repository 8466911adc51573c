import Foundation
import Locking
import XCTest
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C16 on Linux, where the shim stores what the delegate lets it cache: the store runs on the
/// writer's queue, never on the delegate's (Linux's URLCache writes to disk synchronously), and a
/// load that reads the cache waits for its URL's store, so it is served what the load before stored.
final class CacheWriterTests: XCTestCase {
    private var cache: GatedCache!
    private let writer = CacheWriter()

    override func setUpWithError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CacheWriterTests-\(UUID().uuidString)")
        cache = GatedCache.make(in: directory)
        addTeardownBlock { [cache] in
            cache?.openGate()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    func test_c16_storeReturnsAtOnceAndAReaderOfTheURLWaitsForIt() {
        let url = URL(string: "http://127.0.0.1/feed")!
        writer.store(response("v1", for: url), for: URLRequest(url: url), in: cache)
        XCTAssertEqual(cache.storeStarted.wait(timeout: .now() + 5), .success, "the writer did not store")
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [writer] in
            writer.waitUntilStored(URLRequest(url: url))
            returned.signal()
        }
        XCTAssertEqual(returned.wait(timeout: .now() + 0.2), .timedOut, "a reader did not wait for the store")
        let other = URL(string: "http://127.0.0.1/other")!
        writer.waitUntilStored(URLRequest(url: other))
        cache.openGate()
        XCTAssertEqual(returned.wait(timeout: .now() + 5), .success, "the reader still waits after the store")
        XCTAssertEqual(body(for: url), "v1")
    }

    func test_c16_onlyTheNewestWaitingResponseOfAURLIsStored() {
        let url = URL(string: "http://127.0.0.1/feed")!
        writer.store(response("v1", for: url), for: URLRequest(url: url), in: cache)
        XCTAssertEqual(cache.storeStarted.wait(timeout: .now() + 5), .success, "the writer did not store")
        writer.store(response("v2", for: url), for: URLRequest(url: url), in: cache)
        writer.store(response("v3", for: url), for: URLRequest(url: url), in: cache)
        cache.openGate()
        writer.waitUntilStored(URLRequest(url: url))
        XCTAssertEqual(cache.storedBodies, ["v1", "v3"])
        XCTAssertEqual(body(for: url), "v3")
    }

    /// Linux's URLCache lists a URL in its memory order once per store and traps when an eviction
    /// meets the repeat (`removeValue(forKey:)!`); stores of one URL again and again, then one that
    /// evicts, must not trap.
    func test_c16_storingAURLAgainThenEvictingDoesNotTrap() {
        cache.openGate()
        let again = URL(string: "http://127.0.0.1/again")!
        for version in ["v1", "v2", "v3"] {
            writer.store(response(version, for: again, size: 1_000), for: URLRequest(url: again), in: cache)
            writer.waitUntilStored(URLRequest(url: again))
        }
        for (index, size) in [3_000, 9_000].enumerated() {
            let url = URL(string: "http://127.0.0.1/big\(index)")!
            writer.store(response("big", for: url, size: size), for: URLRequest(url: url), in: cache)
            writer.waitUntilStored(URLRequest(url: url))
        }
        XCTAssertEqual(cache.storedBodies.count, 5)
    }

    /// A URL loaded again and again with the same answer is not stored again within the refresh
    /// interval (each store is a disk write on Linux); a changed answer, or a later one, is.
    func test_c16_anUnchangedResponseStoredAgainWithinTheIntervalIsNotWrittenAgain() {
        cache.openGate()
        let url = URL(string: "http://127.0.0.1/poll")!
        let start = Date()
        for (body, offset) in [("v1", 0.0), ("v1", 0.5), ("v2", 0.6), ("v2", 0.6 + CacheWriter.refreshInterval)] {
            writer.store(response(body, for: url, storedAt: start.addingTimeInterval(offset)), for: URLRequest(url: url), in: cache)
            writer.waitUntilStored(URLRequest(url: url))
        }
        XCTAssertEqual(cache.storedBodies, ["v1", "v2", "v2"])
    }

    /// The same body under a new validator is a changed answer: a later revalidation must send
    /// the new ETag, so it is stored again at once.
    func test_c16_aResponseWhoseHeadersChangedIsStoredAgainWithinTheInterval() {
        cache.openGate()
        let url = URL(string: "http://127.0.0.1/poll")!
        let start = Date()
        for (etag, offset) in [("a", 0.0), ("b", 0.1)] {
            writer.store(response("v1", for: url, storedAt: start.addingTimeInterval(offset), etag: etag), for: URLRequest(url: url), in: cache)
            writer.waitUntilStored(URLRequest(url: url))
        }
        XCTAssertEqual(cache.storedBodies, ["v1", "v1"])
        let stored = cache.cachedResponse(for: URLRequest(url: url))?.response as? HTTPURLResponse
        XCTAssertEqual(stored?.value(forHTTPHeaderField: "ETag"), "\"b\"")
    }

    private func response(_ body: String, for url: URL, size: Int? = nil, storedAt: Date? = nil, etag: String? = nil) -> CachedURLResponse {
        let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"\(etag ?? body)\""])!
        let data = size.map { Data(body.utf8) + Data(count: $0 - body.utf8.count) } ?? Data(body.utf8)
        return CachedURLResponse(
            response: http, data: data, userInfo: storedAt.map { [CacheReadPolicy.storedAtKey: $0] }, storagePolicy: .allowedInMemoryOnly)
    }

    private func body(for url: URL) -> String? {
        cache.cachedResponse(for: URLRequest(url: url)).map { String(decoding: $0.data.prefix(2), as: UTF8.self) }
    }
}
