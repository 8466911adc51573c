import Foundation

/// Runs a command to completion, ended after `timeout` seconds. Output goes through files, not
/// pipes: a child that fills a pipe nobody reads yet would block.
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        /// Output and errors together, as a compiler's log reads.
        var log: String { output + errors }
    }

    static func run(_ command: [String], in directory: String? = nil, timeout: TimeInterval,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("program-fuzz-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: base + ".out", contents: nil),
              FileManager.default.createFile(atPath: base + ".err", contents: nil)
        else { throw BatchError("cannot create \(base).out") }
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            exited.wait()
        }
        try output.close()
        try errors.close()
        func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return Result(status: process.terminationStatus, output: text(base + ".out"), errors: text(base + ".err"))
    }
}
