import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URL cache whose stores wait until the test opens its gate, and which records what they stored.
final class GatedCache: URLCache, @unchecked Sendable {
    // Sendable: `stored` and `gateOpen` are only touched under `state`'s lock; semaphores are thread-safe.
    let storeStarted = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let state = Locked((stored: [String](), gateOpen: false))

    /// A cache of 10 kB in memory and 16 MB on disk, under `directory`.
    static func make(in directory: URL) -> GatedCache {
        #if canImport(FoundationNetworking)
        GatedCache(memoryCapacity: 10_000, diskCapacity: 1 << 24, diskPath: directory.path)
        #else
        GatedCache(memoryCapacity: 10_000, diskCapacity: 1 << 24, directory: directory)
        #endif
    }

    /// Lets every store go on from now on.
    func openGate() {
        state.withLock { $0.gateOpen = true }
        gate.signal()
    }

    var storedBodies: [String] { state.withLock { $0.stored } }

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {
        storeStarted.signal()
        if !state.withLock({ $0.gateOpen }) {
            gate.wait()
        }
        super.storeCachedResponse(cachedResponse, for: request)
        state.withLock { $0.stored.append(String(decoding: cachedResponse.data.prefix(2), as: UTF8.self)) }
    }
}
