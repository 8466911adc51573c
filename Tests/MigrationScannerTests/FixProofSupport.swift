import Foundation
import XCTest

/// What the proofs that compile fixed code need: this package's built modules and objects, and
/// a way to run a program with a time limit.
enum FixProofSupport {
    /// The package's root directory.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The module directory and the object files of `targets` from the package's debug build, or
    /// nil when that build has not produced them.
    static func products(of targets: [String]) -> (modules: String, objects: [String])? {
        let build = packageRoot.path + "/.build"
        let candidates = [".build/debug"] + ((try? FileManager.default.contentsOfDirectory(atPath: build)) ?? [])
            .filter { $0.contains("-linux") || $0.contains("-apple") }.sorted().map { ".build/\($0)/debug" }
        for candidate in candidates {
            let bin = packageRoot.path + "/" + candidate
            let modules = bin + "/Modules"
            guard targets.allSatisfy({ FileManager.default.fileExists(atPath: modules + "/\($0).swiftmodule") || $0 == "Locking" })
            else { continue }
            var objects: [String] = []
            for target in targets {
                let directory = bin + "/\(target).build"
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                objects += files.filter { $0.hasSuffix(".swift.o") }.sorted().map { directory + "/" + $0 }
            }
            if objects.count > targets.count { return (modules, objects) }
        }
        return nil
    }

    /// Runs a program to completion (terminated after `timeout` seconds) and returns its status
    /// and its standard output and error together.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = CapturedOutput()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            output.set(pipe.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            done.wait()
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output.value, as: UTF8.self))
    }
}

/// A program's output, handed from the reading thread to the test.
private final class CapturedOutput: @unchecked Sendable {
    // Sendable: `lock` guards `stored`.
    private let lock = NSLock()
    private var stored = Data()

    var value: Data { lock.lock(); defer { lock.unlock() }; return stored }

    func set(_ value: Data) { lock.lock(); stored = value; lock.unlock() }
}
