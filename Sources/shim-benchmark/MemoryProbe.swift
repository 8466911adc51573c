import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

/// One cell of the `MemoryTable`: a process that starts its own loopback server, loads one body
/// through one client, and prints what it measured on one line.
enum MemoryProbe {
    struct Result {
        let peakBytes: Int
        let startBytes: Int
        let seconds: Double
        let bytes: Int
    }

    /// In the probe process: measures `scenario` (an index into `MemoryScenario.all`) through
    /// `variant` and prints "peak start seconds bytes".
    static func measureAndPrint(scenario index: Int, variant: String, byteCount: Int) throws {
        let scenario = MemoryScenario.all[index]
        let server = try LoopbackServer(routes: [MemoryScenario.unauthorizedPath: MemoryScenario.unauthorizedRoute], recording: .off)
        defer { server.stop() }
        let client: any BenchmarkClient = variant == "shim"
            ? ShimClient(pieceDelay: scenario.pieceDelay) : RawSessionClient(pieceDelay: scenario.pieceDelay)
        if scenario.sharesSession {
            // Never answered; it ends with the probe process.
            client.load(URLRequest(url: server.url("/stall"), timeoutInterval: 3_600)) { _ in }
        }
        let workload = Workload(name: scenario.name, url: server.url(scenario.path(byteCount)), requestCount: 1, concurrency: 1, expectedBytes: nil)
        let start = MemoryUsage.residentBytes
        let measured = WorkloadRunner.run(workload, with: client)
        print("\(measured.peakResidentBytes) \(start) \(measured.seconds) \(measured.bytes)")
    }

    /// In the benchmark: runs this executable as a probe and reads its line.
    static func runInChildProcess(scenario: Int, variant: String, byteCount: Int) throws -> Result {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["--memory-probe", "\(scenario):\(variant)", "--memory-bytes", "\(byteCount)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 4, let peak = Int(fields[0]), let start = Int(fields[1]),
              let seconds = Double(fields[2]), let bytes = Int(fields[3]) else {
            throw OptionError("memory probe \(scenario):\(variant) failed (status \(process.terminationStatus)): \(line)")
        }
        return Result(peakBytes: peak, startBytes: start, seconds: seconds, bytes: bytes)
    }
}
