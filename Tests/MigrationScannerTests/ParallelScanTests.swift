import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--jobs`: files are scanned in parallel and the output is the same bytes for any number of jobs.
final class ParallelScanTests: XCTestCase {
    private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(".corpus").path

    func testCorpusReportsAreIdenticalForOneAndEightJobs() {
        let command = MigrationScanCommand(currentDirectory: corpus)
        for format in ["text", "json", "sarif", "github", "markdown"] {
            let serial = CLIRun(["--jobs", "1", "--format", format, "--no-config"], in: corpus, command: command)
            let parallel = CLIRun(["--jobs", "8", "--format", format, "--no-config"], in: corpus, command: command)
            XCTAssertFalse(serial.stdout.isEmpty, format)
            XCTAssertEqual(serial.stdout, parallel.stdout, format)
            XCTAssertEqual(serial.stderr, parallel.stderr, format)
            XCTAssertEqual(serial.status, parallel.status, format)
        }
    }

    func testLongArraysAreWrittenInChunksWithoutChangingABit() {
        // 10,001 elements: several chunks, and a last chunk shorter than the others.
        let numbers = (0...10_000).map { JSONValue.object([("n", .integer($0)), ("s", .string("\u{1}é"))]) }
        let expected =
            "{\n  \"list\": [\n"
            + (0...10_000).map { "    {\n      \"n\": \($0),\n      \"s\": \"\\u0001é\"\n    }" }.joined(separator: ",\n")
            + "\n  ]\n}\n"
        XCTAssertEqual(JSONValue.object([("list", .array(numbers))]).serialized(), expected)
        XCTAssertEqual((0..<9_999).map { $0 }.concurrentChunks { $0.map { $0 * 2 } }.flatMap { $0 }, (0..<9_999).map { $0 * 2 })
        XCTAssertEqual([Int]().concurrentChunks { Array($0) }, [[]])
    }

    func testManyFilesWithMoreJobsThanCores() throws {
        let tree = try CLITemporaryTree(self)
        for index in 0..<120 {
            try tree.write("D\(index % 7)/f\(index).swift", String(repeating: "let w = UIWebView()\n", count: index % 4 + 1))
        }
        try tree.write("D0/bin.swift", bytes: [0, 1, 2])
        let serial = CLIRun(["--jobs", "1", "--format", "json"], in: tree.root)
        for jobs in ["2", "3", "16"] {
            let parallel = CLIRun(["--jobs", jobs, "--format", "json"], in: tree.root)
            XCTAssertEqual(parallel.stdout, serial.stdout, "--jobs \(jobs)")
        }
        let text = CLIRun(["--jobs", "4"], in: tree.root)
        XCTAssertTrue(text.stderr.hasSuffix("300 findings (300 errors, 0 warnings, 0 notes) in 120 files\n"), text.stderr)
    }

    func testSessionCallsProgressOncePerFile() throws {
        let tree = try CLITemporaryTree(self)
        for index in 0..<10 { try tree.write("f\(index).swift", "let w = UIWebView()\n") }
        var configuration = ScanConfiguration(root: tree.root, paths: ["."])
        configuration.jobs = 4
        let calls = ProgressCount()
        let report = ScanSession(configuration: configuration, scanner: CLITestFixtures.wordScanner())
            .run(progress: { total in calls.record(total) })
        XCTAssertEqual(report.findings.count, 10)
        XCTAssertEqual(report.linesScanned, 10)
        // Once a file; files are scanned while discovery still finds them, and until it ends the
        // total is the files found so far plus one (at most 11 here), so it never reads as done early.
        XCTAssertEqual(calls.totals.count, 10)
        XCTAssertTrue(calls.totals.allSatisfy { (2...11).contains($0) }, "\(calls.totals)")
    }

    func testLinesAreCountedOnlyWhenAsked() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("finding.swift", "let w = UIWebView()\nlet x = 1\n")
        try tree.write("clean.swift", "let a = 1\nlet b = 2\nlet c = 3\n")
        var configuration = ScanConfiguration(root: tree.root, paths: ["."])
        let scanner = CLITestFixtures.wordScanner()
        XCTAssertEqual(ScanSession(configuration: configuration, scanner: scanner).run().linesScanned, 5)
        configuration.countsLines = false
        let uncounted = ScanSession(configuration: configuration, scanner: scanner).run()
        XCTAssertEqual(uncounted.linesScanned, 0)
        XCTAssertEqual(uncounted.findings.count, 1)
    }

    /// The default `--jobs`: the processors online, within the cgroup's CPU set and quota.
    func testDefaultJobsAreTheProcessorsOnlineWithinTheCgroupsLimits() {
        XCTAssertEqual(ProcessorCount.processors(inList: "0-3,8-11"), 8)
        XCTAssertEqual(ProcessorCount.processors(inList: "0"), 1)
        XCTAssertEqual(ProcessorCount.processors(inList: "0,2,4-5"), 4)
        for malformed in ["", "3-1", "0-", "a", "0,,1", "1-2-3"] {
            XCTAssertNil(ProcessorCount.processors(inList: malformed), malformed)
        }
        XCTAssertEqual(ProcessorCount.processors(inQuota: "150000 100000"), 2)
        XCTAssertEqual(ProcessorCount.processors(inQuota: "50000 100000"), 1)
        XCTAssertEqual(ProcessorCount.processors(inQuota: "200000 100000"), 2)
        for unlimited in ["max 100000", "-1 100000", "100000", "x y"] {
            XCTAssertNil(ProcessorCount.processors(inQuota: unlimited), unlimited)
        }
        XCTAssertEqual(ProcessorCount.limited(online: 8, by: [4, 2]), 2)
        XCTAssertEqual(ProcessorCount.limited(online: 2, by: [4]), 2)
        XCTAssertEqual(ProcessorCount.limited(online: -1, by: [3]), 3)
        XCTAssertEqual(ProcessorCount.limited(online: -1, by: []), 1)
        let online = ProcessInfo.processInfo.processorCount
        XCTAssertTrue((1...online).contains(ProcessorCount.available), "\(ProcessorCount.available) of \(online)")
    }

    func testJobsMustBePositive() {
        let parser = CommandLineParser(ruleIDs: [])
        for value in ["0", "-1", "many"] {
            XCTAssertThrowsError(try parser.parse(["--jobs=\(value)"]), value)
        }
        XCTAssertEqual(try parser.parse(["--jobs", "3"]), .scan({ var options = ScanOptions(); options.jobs = 3; return options }()))
    }
}

/// Totals passed to a progress callback, from any thread.
private final class ProgressCount: @unchecked Sendable {  // `recorded` is only touched under `lock`
    private let lock = NSLock()
    private var recorded: [Int] = []

    var totals: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func record(_ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(total)
    }
}
