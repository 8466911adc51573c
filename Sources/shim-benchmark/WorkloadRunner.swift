import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Drives a workload through a client: keeps `concurrency` requests in flight until all have
/// ended, then reports the elapsed wall-clock time, bytes and peak memory.
enum WorkloadRunner {
    static func run(_ workload: Workload, with client: any BenchmarkClient) -> Measurement {
        let window = DispatchSemaphore(value: workload.concurrency)
        let allDone = DispatchGroup()
        let totals = Totals()
        let request = workload.request
        let expectedBytes = workload.expectedBytes
        MemoryUsage.resetPeak()
        let start = DispatchTime.now()
        for _ in 0..<workload.requestCount {
            window.wait()
            allDone.enter()
            client.load(request) { outcome in
                let complete = outcome.succeeded && (expectedBytes.map { $0 == outcome.bytes } ?? true)
                totals.add(bytes: outcome.bytes, failed: !complete)
                window.signal()
                allDone.leave()
            }
        }
        allDone.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let (bytes, failures) = totals.snapshot
        return Measurement(
            requests: workload.requestCount, failures: failures, bytes: bytes, seconds: seconds,
            peakResidentBytes: MemoryUsage.peakResidentBytes)
    }
}

/// Bytes and failures summed over completions that arrive on any thread.
private final class Totals: @unchecked Sendable {
    // Sendable: `bytes` and `failures` are only touched while holding `lock`.
    private let lock = NSLock()
    private var bytes = 0
    private var failures = 0

    func add(bytes: Int, failed: Bool) {
        lock.lock()
        self.bytes += bytes
        if failed { failures += 1 }
        lock.unlock()
    }

    var snapshot: (bytes: Int, failures: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (bytes, failures)
    }
}
