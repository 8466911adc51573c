import Foundation

/// The command line: `shim-benchmark [--rounds N] [--requests N] [--per-request-requests N]
/// [--concurrency N[,N…]] [--large-bytes N] [--leak-connections N] [--url URL] [--large-url URL]
/// [--skip-large] [--variants shim,raw,per-request] [--memory-bytes N] [--memory-only]`.
struct BenchmarkOptions {
    var rounds = 5
    var requests = 5_000
    /// Session-per-request is much slower and opens a TCP connection per request; it runs this
    /// many requests per round (rates stay comparable: they are per second).
    var perRequestRequests = 1_000
    /// Requests in flight in the concurrent small workloads, one workload per count.
    var concurrency = [64]
    /// The most requests in flight of any workload: the memory check's concurrency.
    var largestConcurrency: Int { concurrency.max() ?? 1 }
    var largeBytes = 268_435_456
    /// Shim connections between the two RSS readings of the memory check (0 skips it).
    var leakConnections = 10_000
    /// Small requests go here instead of the built-in loopback server.
    var url: URL?
    /// The large body comes from here instead of the loopback server (with `--url`, the large
    /// workload is skipped unless this is given).
    var largeURL: URL?
    var skipLarge = false
    /// Which of "shim", "raw", "per-request" to run (all by default); one alone is for profiling.
    var variants: Set<String> = ["shim", "raw", "per-request"]
    /// The body size of the peak-memory table (normal, slow and 401 delegate; 0 skips it).
    var memoryBytes = 1 << 30
    /// Only the peak-memory table, none of the throughput workloads.
    var memoryOnly = false
    /// Set in the child processes the memory table runs: "scenario-index:variant".
    var memoryProbe: (scenario: Int, variant: String)?

    static let usage = """
        usage: shim-benchmark [--rounds N] [--requests N] [--per-request-requests N] [--concurrency N[,N...]]
                              [--large-bytes N] [--leak-connections N] [--url URL] [--large-url URL] [--skip-large]
                              [--variants shim,raw,per-request] [--memory-bytes N] [--memory-only]
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            func value() throws -> String {
                guard let value = remaining.popFirst() else { throw OptionError("\(flag) needs a value") }
                return value
            }
            func number() throws -> Int {
                let text = try value()
                guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number >= 0 else {
                    throw OptionError("\(flag): not a count: \(text)")
                }
                return number
            }
            func counts() throws -> [Int] {
                let text = try value()
                let counts = text.split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
                guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) >= 1 }) else {
                    throw OptionError("\(flag): not a list of counts of 1 or more: \(text)")
                }
                return counts.compactMap { $0 }
            }
            func address() throws -> URL {
                let text = try value()
                guard let url = URL(string: text), url.scheme != nil else { throw OptionError("\(flag): not a URL: \(text)") }
                return url
            }
            switch flag {
            case "--rounds": rounds = max(1, try number())
            case "--requests": requests = max(1, try number())
            case "--per-request-requests": perRequestRequests = max(1, try number())
            case "--concurrency": concurrency = try counts()
            case "--large-bytes": largeBytes = try number()
            case "--leak-connections": leakConnections = try number()
            case "--url": url = try address()
            case "--large-url": largeURL = try address()
            case "--skip-large": skipLarge = true
            case "--variants": variants = Set(try value().split(separator: ",").map(String.init))
            case "--memory-bytes": memoryBytes = try number()
            case "--memory-only": memoryOnly = true
            case "--memory-probe":
                let parts = try value().split(separator: ":").map(String.init)
                guard parts.count == 2, let index = Int(parts[0]), MemoryScenario.all.indices.contains(index),
                      MemoryTable.variants.contains(parts[1]) else { throw OptionError("--memory-probe: scenario:variant") }
                memoryProbe = (index, parts[1])
            case "--help", "-h": throw OptionError(Self.usage)
            default: throw OptionError("unknown option \(flag)\n\(Self.usage)")
            }
        }
    }
}

struct OptionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
