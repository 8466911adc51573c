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

/// The behaviour proof's fixture programs (`.fixtures/BehaviourProof`): fifteen legacy programs,
/// the driver that runs them against the loopback server, and the trace NSURLConnection gives
/// each one (`expected-traces.txt`, contract.md C3–C25). Every `--fix` target is proven with them.
enum BehaviourProof {
    static let fixture = FixtureSources.fixtures.appendingPathComponent("BehaviourProof")

    /// The modules and objects the fixed programs link: the shim, its lock and the loopback server.
    static func products() throws -> (modules: String, objects: [String]) {
        let targets = ["URLConnectionShim", "Locking", "LoopbackHTTPServer"]
        return try XCTUnwrap(FixProofSupport.products(of: targets),
            "the modules and objects of \(targets) were not found under .build; build the package first")
    }

    /// Copies the legacy programs into `work`'s `Legacy` directory; their file names, sorted.
    static func copyLegacyPrograms(into work: CLITemporaryTree) throws -> [String] {
        let legacy = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/Legacy").filter { $0.hasSuffix(".swift") }.sorted()
        for name in legacy {
            try work.write("Legacy/\(name)", bytes: [UInt8](try Data(contentsOf: fixture.appendingPathComponent("Legacy/\(name)"))))
        }
        return legacy
    }

    /// Compiles the (fixed) programs `legacy` in `work` with the driver in one `swiftc` run, runs
    /// them, and asserts that each fixture's trace equals NSURLConnection's, event for event.
    static func assertTracesAreNSURLConnections(
        _ legacy: [String], in work: CLITemporaryTree, products: (modules: String, objects: [String]),
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let executable = work.path("proof")
        let sources = legacy.map { work.path("Legacy/\($0)") } + [fixture.appendingPathComponent("Driver/main.swift").path]
        let compile = try FixProofSupport.run(
            "/usr/bin/env", ["swiftc", "-swift-version", "5", "-I", products.modules] + sources + products.objects + ["-o", executable],
            timeout: 240)
        XCTAssertEqual(compile.status, 0, "the fixed programs do not compile:\n\(compile.output)", file: file, line: line)
        guard compile.status == 0 else { return }

        let result = try FixProofSupport.run(executable, [], timeout: 120)
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        let expected = try String(contentsOf: fixture.appendingPathComponent("expected-traces.txt"), encoding: .utf8)
        let traces = traces(result.output)
        for expectedLine in expected.split(separator: "\n") {
            let name = String(expectedLine.prefix { $0 != ":" })
            XCTAssertEqual(traces[name], String(expectedLine), "\(name): the fixed program's trace differs from the one expected",
                           file: file, line: line)
        }
        XCTAssertEqual(traces.count, expected.split(separator: "\n").count, result.output, file: file, line: line)
    }

    /// Fixture name → its trace line.
    private static func traces(_ output: String) -> [String: String] {
        var traces: [String: String] = [:]
        for line in output.split(separator: "\n") where line.contains(": ") {
            traces[String(line.prefix { $0 != ":" })] = String(line)
        }
        return traces
    }
}
