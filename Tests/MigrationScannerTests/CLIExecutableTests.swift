import Foundation
import XCTest

/// Runs the built `migrate-scan` binary, to prove the executable forwards arguments, streams and
/// the exit status; everything else is tested in-process.
final class CLIExecutableTests: XCTestCase {
    private func executable() throws -> URL {
        let directory = Bundle.main.bundleURL
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("migrate-scan")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw XCTSkip("migrate-scan is not built next to the tests")
    }

    private func run(_ arguments: [String], in directory: String) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func testExecutableReportsUsageErrorsWithStatus2() throws {
        let (status, stdout, stderr) = try run(["--fail-of", "error"], in: NSTemporaryDirectory())
        XCTAssertEqual(status, 2)
        XCTAssertEqual(stdout, "")
        XCTAssertEqual(stderr, "migrate-scan: error: unknown option '--fail-of' (did you mean '--fail-on'?)\n")
    }

    /// The report's temporary file exists while the scan waits for its input on standard input;
    /// the signal then ends the process, which leaves the directory as it was.
    func testASignalEndsTheRunAndDeletesTheReportsTemporaryFile() throws {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            let tree = try CLITemporaryTree(self)
            let (process, input) = try startScanWaitingForStandardInput(in: tree)
            kill(process.processIdentifier, signalNumber)
            process.waitUntilExit()
            try input.fileHandleForWriting.close()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(signalNumber)")
            XCTAssertEqual(process.terminationStatus, signalNumber)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.root), [], "\(signalNumber)")
        }
    }

    /// `nohup migrate-scan …`: a signal ignored when the process starts is ignored to the end.
    func testASignalIgnoredAtStartStaysIgnored() throws {
        let tree = try CLITemporaryTree(self)
        let previous = signal(SIGHUP, SIG_IGN)
        let started = Result { try startScanWaitingForStandardInput(in: tree) }
        signal(SIGHUP, previous)
        let (process, input) = try started.get()
        kill(process.processIdentifier, SIGHUP)
        try input.fileHandleForWriting.write(contentsOf: Data("let ok = 1\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.root), ["report.json"])
    }

    /// `migrate-scan --format json --output report.json -` in `tree`, once its report's temporary
    /// file exists: the scan then waits for the source on standard input.
    private func startScanWaitingForStandardInput(in tree: CLITemporaryTree) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["--format", "json", "--output", "report.json", "--no-config", "-"]
        process.currentDirectoryURL = URL(fileURLWithPath: tree.root)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while try FileManager.default.contentsOfDirectory(atPath: tree.root).isEmpty, Date() < deadline {
            usleep(1_000)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.root).count, 1, "no temporary file")
        return (process, input)
    }

    func testExecutableScansADirectory() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "let ok = 1\n")
        let (status, stdout, stderr) = try run(["--format", "json", "."], in: tree.root)
        XCTAssertEqual(status, 0, stderr)
        XCTAssertTrue(stdout.contains("\"filesScanned\": 1"), stdout)
    }
}
