import Foundation
import Locking
import XCTest
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C16 on Linux, where the shim stores what the delegate lets it cache: the response is in memory
/// when the store returns (the next load is served from it), and its disk copy, which Linux's
/// URLCache writes synchronously, is written later on the writer's queue, never on the delegate's.
final class CacheWriterTests: XCTestCase {
    private var cache: DiskGatedCache!
    private let writer = CacheWriter()

    override func setUpWithError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("CacheWriterTests-\(UUID().uuidString)")
        #if canImport(FoundationNetworking)
        cache = DiskGatedCache(memoryCapacity: 1 << 20, diskCapacity: 1 << 24, diskPath: directory.path)
        #else
        cache = DiskGatedCache(memoryCapacity: 1 << 20, diskCapacity: 1 << 24, directory: directory)
        #endif
        addTeardownBlock { [cache] in
            cache?.openGate()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    func test_c16_storeReturnsBeforeTheDiskWriteAndOnlyTheNewestWaitingResponseIsWritten() {
        let url = URL(string: "http://127.0.0.1/feed")!
        let twoDiskWrites = cache.expectDiskWrites(2)
        writer.store(response("v1", for: url), for: URLRequest(url: url), in: cache)
        XCTAssertEqual(body(for: url), "v1", "the stored response is not in memory when the store returns")
        XCTAssertEqual(cache.diskWriteStarted.wait(timeout: .now() + 5), .success, "no disk write started")

        // The disk write of v1 is held: v2 and v3 arrive meanwhile, and only v3 waits.
        writer.store(response("v2", for: url), for: URLRequest(url: url), in: cache)
        writer.store(response("v3", for: url), for: URLRequest(url: url), in: cache)
        XCTAssertEqual(body(for: url), "v3")
        cache.allowOneDiskWrite()
        XCTAssertEqual(cache.diskWriteStarted.wait(timeout: .now() + 5), .success, "the newest response's disk write never started")
        XCTAssertEqual(body(for: url), "v3", "the disk write of v1 left an older response in memory")
        cache.openGate()
        wait(for: [twoDiskWrites], timeout: 5)
        XCTAssertEqual(cache.bodiesWrittenToDisk, ["v1", "v3"])
    }

    func test_c16_removeAllCachedResponsesCancelsAWaitingDiskWrite() {
        let first = URL(string: "http://127.0.0.1/first")!, removed = URL(string: "http://127.0.0.1/removed")!
        let last = URL(string: "http://127.0.0.1/last")!
        let twoDiskWrites = cache.expectDiskWrites(2)
        writer.store(response("first", for: first), for: URLRequest(url: first), in: cache)
        XCTAssertEqual(cache.diskWriteStarted.wait(timeout: .now() + 5), .success, "no disk write started")
        writer.store(response("removed", for: removed), for: URLRequest(url: removed), in: cache)
        cache.removeAllCachedResponses()
        // The writer's queue is serial: once `last` is on disk, `removed` has had its turn.
        writer.store(response("last", for: last), for: URLRequest(url: last), in: cache)
        cache.openGate()
        wait(for: [twoDiskWrites], timeout: 5)
        XCTAssertEqual(cache.bodiesWrittenToDisk, ["first", "last"])
        XCTAssertNil(cache.cachedResponse(for: URLRequest(url: removed)))
    }

    func test_c16_aResponseAllowedInMemoryOnlyIsNeverWrittenToDisk() {
        let url = URL(string: "http://127.0.0.1/memory")!
        let memoryOnly = CachedURLResponse(
            response: response("m", for: url).response, data: Data("m".utf8), userInfo: nil, storagePolicy: .allowedInMemoryOnly)
        writer.store(memoryOnly, for: URLRequest(url: url), in: cache)
        XCTAssertEqual(body(for: url), "m")
        XCTAssertEqual(cache.diskWriteStarted.wait(timeout: .now()), .timedOut)
    }

    private func response(_ body: String, for url: URL) -> CachedURLResponse {
        let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"\(body)\""])!
        return CachedURLResponse(response: http, data: Data(body.utf8), userInfo: nil, storagePolicy: .allowed)
    }

    private func body(for url: URL) -> String? {
        cache.cachedResponse(for: URLRequest(url: url)).map { String(decoding: $0.data, as: UTF8.self) }
    }
}

/// A URL cache whose disk writes (stores with policy `.allowed`) wait until the test opens its
/// gate, and which records what they wrote. Memory-only stores pass at once.
private final class DiskGatedCache: URLCache, @unchecked Sendable {
    // Sendable: `written`, `expectation` and `gateOpen` are only touched under `state`'s lock; semaphores are thread-safe.
    let diskWriteStarted = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let state = Locked((written: [String](), expectation: XCTestExpectation?.none, gateOpen: false))

    func expectDiskWrites(_ count: Int) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "\(count) disk writes")
        expectation.expectedFulfillmentCount = count
        state.withLock { $0.expectation = expectation }
        return expectation
    }

    /// Lets the disk write that waits (or the next one) go on.
    func allowOneDiskWrite() {
        gate.signal()
    }

    /// Lets every disk write go on from now on.
    func openGate() {
        state.withLock { $0.gateOpen = true }
        gate.signal()
    }

    var bodiesWrittenToDisk: [String] { state.withLock { $0.written } }

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
        guard cachedResponse.storagePolicy == .allowed else {
            super.storeCachedResponse(cachedResponse, for: request)
            return
        }
        diskWriteStarted.signal()
        if !state.withLock({ $0.gateOpen }) {
            gate.wait()
        }
        super.storeCachedResponse(cachedResponse, for: request)
        let expectation = state.withLock { state in
            state.written.append(String(decoding: cachedResponse.data, as: UTF8.self))
            return state.expectation
        }
        expectation?.fulfill()
    }
}
