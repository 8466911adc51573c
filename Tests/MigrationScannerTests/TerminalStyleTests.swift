import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Colour, progress and the detailed summary are decided from the terminal, `--no-color`,
/// `NO_COLOR` and `--quiet`; tests run piped, so the decision is tested directly.
final class TerminalStyleTests: XCTestCase {
    private func terminal(_ environment: [String: String] = ["TERM": "xterm-256color"]) -> TerminalEnvironment {
        TerminalEnvironment(standardErrorIsTerminal: true, environment: environment)
    }

    func testPipedIsPlainWhateverTheFlags() {
        let piped = TerminalEnvironment(standardErrorIsTerminal: false, environment: ["TERM": "xterm"])
        XCTAssertEqual(TerminalStyle.decide(for: piped, noColor: false, quiet: false), .plain)
        XCTAssertEqual(TerminalStyle.decide(for: .piped, noColor: true, quiet: true), .plain)
    }

    func testTerminalGetsColourProgressAndDetail() {
        XCTAssertEqual(
            TerminalStyle.decide(for: terminal(), noColor: false, quiet: false),
            TerminalStyle(usesColor: true, showsProgress: true, showsDetailedSummary: true))
    }

    func testNoColorFlagAndVariable() {
        XCTAssertFalse(TerminalStyle.decide(for: terminal(), noColor: true, quiet: false).usesColor)
        XCTAssertFalse(TerminalStyle.decide(for: terminal(["NO_COLOR": "1"]), noColor: false, quiet: false).usesColor)
        XCTAssertTrue(
            TerminalStyle.decide(for: terminal(["NO_COLOR": ""]), noColor: false, quiet: false).usesColor,
            "no-color.org: an empty NO_COLOR does not count")
        XCTAssertFalse(TerminalStyle.decide(for: terminal(["TERM": "dumb"]), noColor: false, quiet: false).usesColor)
        XCTAssertTrue(TerminalStyle.decide(for: terminal(["NO_COLOR": "1"]), noColor: false, quiet: false).showsProgress)
    }

    func testQuietDropsProgressAndSummary() {
        let quiet = TerminalStyle.decide(for: terminal(), noColor: false, quiet: true)
        XCTAssertFalse(quiet.showsProgress)
        XCTAssertFalse(quiet.showsDetailedSummary)
    }

    func testDetailedSummaryPlainAndColoured() {
        var report = ReportFixtures.report
        report.linesScanned = 1234
        let plain = DetailedScanSummary(totals: report.totals, duration: .milliseconds(1500), baselined: 2)
            .render(style: TerminalStyle(usesColor: false, showsProgress: false, showsDetailedSummary: true))
        XCTAssertEqual(
            plain,
            """
            3 findings (1 error, 1 warning, 1 note) in 4 files, 1234 lines, 1.50 s
              1  nsurlconnection-reference
              1  semaphore-around-task
              1  uiwebview
            2 findings in the baseline not shown

            """)
        let coloured = DetailedScanSummary(totals: report.totals, duration: .seconds(0))
            .render(style: TerminalStyle(usesColor: true, showsProgress: true, showsDetailedSummary: true))
        XCTAssertTrue(coloured.contains("\u{1B}[1;31m1 error\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[1;33mnsurlconnection-reference\u{1B}[0m"), coloured)
    }

    func testCommandOnATerminalWritesTheDetailedSummary() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "let w = UIWebView()\n")
        var command = CLITestFixtures.command(in: tree.root)
        command.terminal = TerminalEnvironment(standardErrorIsTerminal: true, environment: ["NO_COLOR": "1"])
        let run = CLIRun(["--jobs", "1"], in: tree.root, command: command)
        XCTAssertTrue(run.stderr.hasPrefix("1 finding (1 error, 0 warnings, 0 notes) in 1 file, 1 line, "), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix(" s\n  1  uiwebview\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1B}"), "NO_COLOR")
    }

    func testProgressLineWaitsASecondThenThrottles() {
        let clock = ManualClock()
        let written = WrittenText()
        let progress = ScanProgressLine(write: { written.append($0) }, now: { clock.now })
        progress.advance(total: 3)
        XCTAssertEqual(written.text, "", "nothing in the first second")
        clock.advance(by: .milliseconds(1100))
        progress.advance(total: 3)
        XCTAssertEqual(written.text, "\r\u{1B}[Kscanning 2/3 files")
        progress.advance(total: 4)
        XCTAssertEqual(written.text, "\r\u{1B}[Kscanning 2/3 files", "throttled")
        progress.finish()
        XCTAssertEqual(written.text, "\r\u{1B}[Kscanning 2/3 files\r\u{1B}[K", "erased before the summary")
        let quiet = ScanProgressLine(write: { written.append($0) }, now: { clock.now })
        quiet.finish()
        XCTAssertEqual(written.text, "\r\u{1B}[Kscanning 2/3 files\r\u{1B}[K", "nothing to erase")
    }
}

/// A clock tests move by hand.
private final class ManualClock: @unchecked Sendable {  // `instant` is only touched under `lock`
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    var now: ContinuousClock.Instant {
        lock.lock()
        defer { lock.unlock() }
        return instant
    }

    func advance(by duration: Duration) {
        lock.lock()
        defer { lock.unlock() }
        instant += duration
    }
}

/// What a progress line wrote.
private final class WrittenText: @unchecked Sendable {  // `stored` is only touched under `lock`
    private let lock = NSLock()
    private var stored = ""

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func append(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        stored += text
    }
}
