import Foundation
import Locking
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Text, JSON, GitHub, Checkstyle and HTML reports are written while files are scanned
/// (`StreamedReports`): the same bytes as a report held whole, in path order, filtered and counted
/// the same way.
final class StreamedReportTests: XCTestCase {
    private static let streamedFormats = ["text", "json", "github", "checkstyle", "html"]

    /// Files in directories whose names sort differently by UTF-8 bytes than by `String`'s `<`
    /// (`B` before `a`, `a-b` and `a.b` before `a/`, `é` last), a skipped file and, named on the
    /// command line, a missing one (an error diagnostic after the findings).
    private func manyFileTree(files: Int = 300) throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        for index in 0..<files {
            let directory = ["a", "B", "é", "a-b", "a.b"][index % 5]
            let text = String(repeating: "let w = UIWebView() // NSURLConnection\n", count: index % 3 + 1)
                + (index % 4 == 0 ? "DispatchSemaphore\n" : "")
            try tree.write("\(directory)/f\(index).swift", text)
        }
        try tree.write("a/bin.m", bytes: [0, 1, 2])
        return tree
    }

    private let paths = [".", "zz-missing.swift"]

    /// Standard error without the line a held run adds when it writes a baseline.
    private static func withoutBaselineWritten(_ stderr: String) -> String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("migrate-scan: wrote ") }.joined(separator: "\n")
    }

    func testStreamedReportsAreTheBytesOfHeldReports() throws {
        let tree = try manyFileTree()
        for format in Self.streamedFormats {
            for extra in [[], ["--summary"]] {
                let arguments = ["--format", format] + extra + paths
                // --write-baseline needs every finding at the end, so it holds the report whole.
                let held = CLIRun(arguments + ["--write-baseline", tree.path("held.json")], in: tree.root)
                for jobs in ["1", "3"] {
                    let streamed = CLIRun(arguments + ["--jobs", jobs], in: tree.root)
                    let label = "\(format) \(extra) --jobs \(jobs)"
                    XCTAssertEqual(streamed.stdout, held.stdout, label)
                    XCTAssertEqual(streamed.stderr, Self.withoutBaselineWritten(held.stderr), label)
                    XCTAssertEqual(streamed.status, held.status, label)
                }
            }
        }
    }

    /// A streamed format next to a whole document: both held, each file as alone, and no file
    /// opened for the streamed one before the whole one was seen left open.
    func testStreamedAndWholeFormatsTogetherWriteEachAsAlone() throws {
        let tree = try manyFileTree(files: 30)
        let out = try CLITemporaryTree(self)
        let descriptorsBefore = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        let both = CLIRun(
            ["--format", "checkstyle", "--output", out.path("c.xml"), "--format", "sarif", "--output", out.path("s.sarif"), "."],
            in: tree.root)
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count, descriptorsBefore)
        let checkstyle = CLIRun(["--format", "checkstyle", "."], in: tree.root)
        let sarif = CLIRun(["--format", "sarif", "."], in: tree.root)
        XCTAssertEqual(try String(contentsOfFile: out.path("c.xml"), encoding: .utf8), checkstyle.stdout)
        XCTAssertEqual(try String(contentsOfFile: out.path("s.sarif"), encoding: .utf8), sarif.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.root).sorted(), ["c.xml", "s.sarif"])
    }

    func testStreamedFindingsComeInUTF8PathOrder() throws {
        let tree = try manyFileTree()
        let run = CLIRun(["--format", "github", "--jobs", "3", "."], in: tree.root)
        let paths = run.stdout.split(separator: "\n").map { line in
            String(line.split(separator: "=")[1].split(separator: ",")[0])
        }
        XCTAssertEqual(Set(paths).count, 300)
        XCTAssertTrue(zip(paths, paths.dropFirst()).allSatisfy { $0 == $1 || $0.precedesInUTF8Order($1) })
        XCTAssertEqual(paths.first, "B/f1.swift")
        XCTAssertEqual(paths.last?.hasPrefix("é/"), true)
    }

    /// Text and JSON alike: each file's findings are on standard output before files far behind
    /// it are scanned (JSON's summary and diagnostics come after its findings).
    func testReportIsWrittenWhileLaterFilesAreScanned() throws {
        let files = 2 * ScanSession.window + 150
        let tree = try CLITemporaryTree(self)
        for index in 0..<files { try tree.write(String(format: "f%04d.swift", index), "let w = UIWebView()\n") }
        for format in ["text", "json"] {
            for jobs in [1, 2] {
                // Each finding's line (text) or object (JSON) names its file once.
                let output = SharedOutput(counting: ".swift")
                // For each file, how many findings were written when its scan began.
                let findingsBeforeScan = Locked([String: Int]())
                var command = CLITestFixtures.command(in: tree.root)
                command.makeScanner = { ruleIDs in
                    let scanner = CLITestFixtures.wordScanner(ruleIDs: ruleIDs)
                    return { bytes, language, path in
                        let written = output.count
                        findingsBeforeScan.withLock { $0[path] = written }
                        return scanner(bytes, language, path)
                    }
                }
                var stdout = output
                var stderr = ""
                let status = command.run(arguments: ["--format", format, "--jobs", String(jobs), "."], stdout: &stdout, stderr: &stderr)
                XCTAssertEqual(status, ExitCode.findings.rawValue)
                XCTAssertEqual(output.count, files)
                let seen = findingsBeforeScan.withLock { $0 }
                // One finding a file, written once the next path is taken (a path may be named twice):
                // file p starts once the report has every finding up to p - 1 serially. On several
                // threads a worker claims up to a window past the results the consumer has taken,
                // and a batch it took (at most a window) is written one result at a time after.
                let lag = jobs == 1 ? 1 : 2 * ScanSession.window + 1
                for position in 0..<files {
                    let written = try XCTUnwrap(seen[String(format: "f%04d.swift", position)])
                    XCTAssertGreaterThanOrEqual(written, position - lag, "\(format) --jobs \(jobs), file \(position)")
                }
            }
        }
    }

    func testBaselineFiltersStreamedReportsAndTheirCounts() throws {
        let tree = try manyFileTree(files: 40)
        XCTAssertEqual(CLIRun(["--write-baseline", "baseline.json", "--format", "json", "."], in: tree.root).status, 1)
        try tree.write("a/f0.swift", "DispatchSemaphore\nlet w = UIWebView() // NSURLConnection\nlet v = UIWebView()\n")
        for format in Self.streamedFormats {
            let arguments = ["--baseline", "baseline.json", "--format", format, "--jobs", "2", "."]
            let streamed = CLIRun(arguments, in: tree.root)
            let held = CLIRun(arguments + ["--write-baseline", tree.path("again.json")], in: tree.root)
            XCTAssertEqual(streamed.stdout, held.stdout, format)
            XCTAssertEqual(streamed.stderr, Self.withoutBaselineWritten(held.stderr), format)
            XCTAssertEqual(streamed.status, 1, format)
        }
        let text = CLIRun(["--baseline", "baseline.json", "--jobs", "2", "."], in: tree.root)
        XCTAssertEqual(text.stdout, "a/f0.swift:3:9: error: UIWebView is legacy [uiwebview]\n")
        XCTAssertTrue(
            text.stderr.hasSuffix(
                "1 finding (1 error, 0 warnings, 0 notes) in 40 files\n168 findings in the baseline not shown\n"),
            text.stderr)
        let warningsOnly = CLIRun(["--baseline", "baseline.json", "--fail-on", "warning", "--min-severity", "warning", "."], in: tree.root)
        XCTAssertEqual(warningsOnly.status, 1)
        let notesOnly = CLIRun(["--baseline", "baseline.json", "--fail-on", "error", "--disable", "uiwebview", "."], in: tree.root)
        XCTAssertEqual(notesOnly.stdout, "")
        XCTAssertEqual(notesOnly.status, 0)
    }

    func testOrderedResultQueueDeliversInClaimOrderWhateverOrderResultsArrive() {
        let queue = OrderedResultQueue(window: 2)
        queue.add(file("a"))
        queue.add(file("b"))
        XCTAssertEqual(queue.progressTotal, 3)
        XCTAssertEqual(scannedPath(queue.step()), "a")  // the writer scans when nothing is ready
        XCTAssertEqual(queue.claim()?.file.displayPath, "b")
        queue.add(file("c"))  // beyond the window until "a" is delivered
        XCTAssertEqual(deliveredPaths(queue.step(after: (result("a"), 0))), ["a"])
        XCTAssertEqual(scannedPath(queue.step()), "c")
        queue.finishAdding()
        XCTAssertEqual(queue.progressTotal, 3)
        XCTAssertNil(queue.storeAndClaim(result("b"), at: 1))
        XCTAssertEqual(deliveredPaths(queue.step(after: (result("c"), 2))), ["b", "c"])
        XCTAssertNil(queue.step())
        XCTAssertNil(queue.claim())
    }

    /// The writer scans while no result is ready and waits only when it cannot scan either:
    /// whatever the window, the number of files and workers and the pace of discovery, every result
    /// reaches it, in order, and nobody waits forever (the last results of a run, a window of one).
    func testOrderedResultQueueDeliversEveryResultWhateverTheWindowAndThePace() {
        for window in [1, 2, 15, 16, 17, 256] {
            for fileCount in [0, 1, 15, 16, 17, 100, 600] {
                for workerCount in [0, 2] {
                    let queue = OrderedResultQueue(window: window)
                    let delivered = Locked<[String]>([])
                    let done = DispatchGroup()
                    done.enter()
                    DispatchQueue.global().async {
                        var step = queue.step()
                        while let current = step {
                            switch current {
                            case .deliver(let results):
                                delivered.withLock { $0 += results.map(\.file.displayPath) }
                                step = queue.step()
                            case .scan(let position, let file):
                                step = queue.step(after: (Self.scanned(file, at: position), position))
                            }
                        }
                        done.leave()
                    }
                    for _ in 0..<workerCount {
                        done.enter()
                        DispatchQueue.global().async {
                            var claimed = queue.claim()
                            while let (position, file) = claimed {
                                claimed = queue.storeAndClaim(Self.scanned(file, at: position), at: position)
                            }
                            done.leave()
                        }
                    }
                    for index in 0..<fileCount {
                        queue.add(file(String(format: "%04d", index)))
                        if index % 7 == 0 { sched_yield() }
                    }
                    queue.finishAdding()
                    let label = "window \(window), \(fileCount) files, \(workerCount) workers"
                    guard done.wait(timeout: .now() + 20) == .success else {
                        return XCTFail("\(label): a thread still waits")
                    }
                    XCTAssertEqual(delivered.withLock { $0 }, (0..<fileCount).map { String(format: "%04d", $0) }, label)
                }
            }
        }
    }

    /// A result for `file`; results finish out of order: every third waits for the thread to yield.
    private static func scanned(_ file: DiscoveredFile, at position: Int) -> FileScanResult {
        if position % 3 == 0 { sched_yield() }
        return FileScanResult(file: file, findings: [], diagnostics: [], wasScanned: true)
    }

    private func scannedPath(_ step: OrderedResultQueue.WriterStep?) -> String? {
        guard case .scan(_, let file)? = step else { return nil }
        return file.displayPath
    }

    private func deliveredPaths(_ step: OrderedResultQueue.WriterStep?) -> [String]? {
        guard case .deliver(let results)? = step else { return nil }
        return results.map(\.file.displayPath)
    }

    private func file(_ path: String) -> DiscoveredFile {
        DiscoveredFile(absolutePath: "/" + path, displayPath: path, language: .swift, isExplicit: false)
    }

    private func result(_ path: String) -> FileScanResult {
        FileScanResult(file: file(path), findings: [], diagnostics: [], wasScanned: true)
    }
}

/// Standard output that a scanner stand-in can read from the workers while the command writes it.
private struct SharedOutput: TextOutputStream {
    /// Counted in each piece written: a piece is whole lines, so no occurrence spans two.
    let marker: String
    private let occurrences = Locked(0)

    init(counting marker: String) {
        self.marker = marker
    }

    var count: Int { occurrences.withLock { $0 } }

    mutating func write(_ string: String) {
        let found = string.components(separatedBy: marker).count - 1
        occurrences.withLock { $0 += found }
    }
}

/// The counts a streamed report keeps instead of its findings.
final class FindingTallyTests: XCTestCase {
    func testCountsByRuleSeverityAndFileWhetherAddedWholeOrFileByFile() {
        func reported(_ path: String, _ rule: String, _ severity: Severity) -> ReportedFinding {
            ReportedFinding(
                finding: Finding(ruleID: rule, severity: severity, path: path, line: 1, column: 1, endColumn: 2, message: "", replacement: ""),
                fingerprint: FindingFingerprint(lineHash: "0", occurrence: 1))
        }
        let findings = [
            reported("a", "x", .warning), reported("a", "y", .note), reported("a", "x", .note),
            reported("b", "x", .error), reported("b", "x", .error),
        ]
        let whole = FindingTally(findings)
        var byFile = FindingTally()
        byFile.add(findings[0..<3])
        byFile.add(findings[3...])
        XCTAssertEqual(whole, byFile)
        XCTAssertEqual(whole.total, 5)
        XCTAssertEqual(whole.byRule, ["x": 4, "y": 1])
        XCTAssertEqual(whole.byFile, ["a": 3, "b": 2])
        XCTAssertEqual(whole.highestSeverityByRule, ["x": .error, "y": .note])
        XCTAssertEqual(Severity.allCases.map(whole.count(of:)), [2, 1, 2])
        XCTAssertTrue(whole.fails(.error))
        XCTAssertFalse(FindingTally(Array(findings[0..<3])).fails(.error))
        XCTAssertTrue(FindingTally(Array(findings[0..<3])).fails(.warning))
        XCTAssertFalse(whole.fails(.never))
    }
}

/// Whole documents hold the findings but write their text a batch at a time, never the whole document.
final class WholeDocumentBatchTests: XCTestCase {
    private func report(findings count: Int) -> ScanReport {
        let findings = (1...count).map { line in
            ReportedFinding(
                finding: Finding(
                    ruleID: "uiwebview", severity: .error, path: "a.swift", line: line, column: 1, endColumn: 2,
                    message: "m", replacement: "r"),
                fingerprint: FindingFingerprint(lineHash: "0", occurrence: line))
        }
        return ScanReport(root: "/", findings: findings, filesScanned: 1, diagnostics: [])
    }

    /// The results sit inside the one-element `runs` array, which used to collect them whole.
    func testSARIFResultsAreHandedOverInBatches() {
        let report = report(findings: 2 * JSONElements.batchSize + 1)
        let reporter = SARIFReporter(rules: CLITestFixtures.catalog)
        var pieces: [String] = []
        reporter.write(report) { pieces.append($0) }
        XCTAssertGreaterThanOrEqual(pieces.count, 3)
        XCTAssertEqual(pieces.joined(), reporter.format(report))
    }

    func testEveryFindingIsOneJUnitTestCaseAcrossBatches() {
        let report = report(findings: 5_000)
        var pieces: [String] = []
        JUnitReporter().write(report) { pieces.append($0) }
        let document = JUnitReporter().format(report)
        XCTAssertEqual(pieces.joined(), document)
        XCTAssertGreaterThan(pieces.count, 3)
        XCTAssertEqual(document.components(separatedBy: "<testcase ").count - 1, 5_000)
        XCTAssertTrue(document.contains("tests=\"5000\" failures=\"5000\" errors=\"0\""))
        XCTAssertTrue(document.contains("name=\"uiwebview at 4097:1\""))
        XCTAssertTrue(document.hasSuffix("    </testcase>\n  </testsuite>\n</testsuites>\n"))
    }
}
