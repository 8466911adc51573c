import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One measured load pattern: how many requests, to what URL, how many in flight at once.
struct Workload: Sendable {
    let name: String
    let url: URL
    let requestCount: Int
    /// Requests in flight at once; 1 is strictly sequential.
    let concurrency: Int
    /// The body size each request must deliver, when known; a mismatch counts as a failure.
    let expectedBytes: Int?

    var request: URLRequest {
        // No cache: every request must reach the server, whatever the variant's session does.
        URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 120)
    }

    /// The same workload with fewer requests, for a variant too slow to run the full count.
    func scaled(to requestCount: Int) -> Workload {
        Workload(name: name, url: url, requestCount: min(requestCount, self.requestCount), concurrency: concurrency, expectedBytes: expectedBytes)
    }
}

/// What one run of a workload through one client measured.
struct Measurement: Sendable {
    let requests: Int
    let failures: Int
    let bytes: Int
    let seconds: Double
    let peakResidentBytes: Int

    var requestsPerSecond: Double { Double(requests) / seconds }
    var megabytesPerSecond: Double { Double(bytes) / 1_000_000 / seconds }
}
