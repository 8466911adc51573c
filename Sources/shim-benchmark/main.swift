import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

// The shim against raw URLSession and session-per-request on the same workloads, rounds
// interleaved so that background load hits every variant alike (Docs/Performance.md).

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

// Many per-request sessions' connections linger until their sessions are torn down, so the
// server accepts far more than its default at once.
if let probe = options.memoryProbe {
    try MemoryProbe.measureAndPrint(scenario: probe.scenario, variant: probe.variant, byteCount: options.memoryBytes)
    exit(0)
}
if options.memoryBytes > 0 {
    say(try MemoryTable.measure(byteCount: options.memoryBytes).render(byteCount: options.memoryBytes))
    say("")
}
if options.memoryOnly {
    exit(0)
}
let server = try LoopbackServer(recording: .off, maximumOpenConnections: 4_096)
let smallBodyBytes = 100
let smallURL = options.url ?? server.url("/bytes/\(smallBodyBytes)")
let smallExpected = options.url == nil ? smallBodyBytes : nil
let largeURL: URL? = options.skipLarge ? nil : options.largeURL ?? (options.url == nil ? server.url("/bytes/\(options.largeBytes)") : nil)

var workloads = [
    Workload(name: "small sequential", url: smallURL, requestCount: options.requests, concurrency: 1, expectedBytes: smallExpected),
] + options.concurrency.map { inFlight in
    Workload(name: "small \(inFlight) at a time", url: smallURL, requestCount: options.requests, concurrency: inFlight, expectedBytes: smallExpected)
}
if let largeURL {
    workloads.append(Workload(
        name: "large body", url: largeURL, requestCount: 1, concurrency: 1,
        expectedBytes: options.largeURL == nil ? options.largeBytes : nil))
}

let shim = ShimClient()
let clients: [any BenchmarkClient] = ([shim, RawSessionClient(), PerRequestSessionClient()] as [any BenchmarkClient])
    .filter { options.variants.contains($0.name) }
let peaksAreResettable = MemoryUsage.resetPeak()

say("shim-benchmark: \(options.rounds) rounds; small = \(smallURL.absoluteString)\(largeURL.map { "; large = \($0.absoluteString)" } ?? "")")
say("per-request variant: \(options.perRequestRequests) requests per small workload and round")

// Warm-up: sessions created, connection pools and server threads started, code paged in.
for client in clients {
    _ = WorkloadRunner.run(Workload(name: "warm-up", url: smallURL, requestCount: 200, concurrency: 8, expectedBytes: nil), with: client)
}

var table = ResultTable()
for round in 1...options.rounds {
    // The variants take turns going first, so that whatever the first run of a workload meets
    // (the server's idle connections, the previous workload's leftovers) falls on each alike.
    let clientOrder = round.isMultiple(of: 2) ? clients.reversed() : clients
    for workload in workloads {
        for client in clientOrder {
            let scaled = client is PerRequestSessionClient ? workload.scaled(to: options.perRequestRequests) : workload
            let measurement = WorkloadRunner.run(scaled, with: client)
            table.add(measurement, workload: workload.name, variant: client.name)
            let label = workload.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + client.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            say("round \(round)  \(label)" + String(
                format: "%9.1f req/s %8.1f MB/s  %.2fs  failures %d",
                measurement.requestsPerSecond, measurement.megabytesPerSecond, measurement.seconds, measurement.failures))
        }
    }
}

say("")
say(table.render(peaksAreResettable: peaksAreResettable))

// Memory: resident size after a warm-up of shim connections, then after `leakConnections` more.
if options.leakConnections > 0 {
    let warmUp = Workload(name: "memory warm-up", url: smallURL, requestCount: 1_000, concurrency: options.largestConcurrency, expectedBytes: nil)
    _ = WorkloadRunner.run(warmUp, with: shim)
    let before = MemoryUsage.residentBytes
    let connections = Workload(name: "memory", url: smallURL, requestCount: options.leakConnections, concurrency: options.largestConcurrency, expectedBytes: nil)
    let measured = WorkloadRunner.run(connections, with: shim)
    let after = MemoryUsage.residentBytes
    say("")
    say(String(
        format: "RSS after warm-up %.1f MB, after %d more shim connections %.1f MB: growth %.2f MB (failures %d)",
        Double(before) / 1_048_576, measured.requests, Double(after) / 1_048_576, Double(after - before) / 1_048_576, measured.failures))
}
server.stop()

/// Prints a line at once (unbuffered, so progress shows when the output is piped to a file).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
