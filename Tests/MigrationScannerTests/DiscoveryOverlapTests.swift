import Foundation
import Locking
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Discovery hands files on in report order while it still walks, so scanning overlaps it; where
/// that order is known only at the end, it hands them on sorted once it has finished.
final class DiscoveryOverlapTests: XCTestCase {
    /// Names whose UTF-8 path order is not their name order (`a-b.swift` and `a.b/` before `a/`,
    /// `B` before `a`, `é` last), and `z/`, the last directory a walk lists.
    private func orderTree() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        for file in [
            "a.b/x.swift", "a/b.swift", "a/b/c.m", "a/b-c.h", "a-b.swift", "a0.swift", "B.swift", "B/x.swift",
            "é.swift", "a b/x.swift", "a.swift", "z/z.swift",
        ] {
            try tree.write(file, "let w = UIWebView()\n")
        }
        return tree
    }

    /// The display paths handed to `found`, in order; when the first is handed, `z/late.swift` is
    /// written: it is found only if the walk had not listed `z` yet.
    private func handedOver(
        _ tree: CLITemporaryTree, paths: [String] = ["."], options: DiscoveryOptions = DiscoveryOptions(usesGit: false)
    ) throws -> [String] {
        var handed: [String] = []
        var writeError: Error?
        _ = FileDiscovery(options: options).discover(paths: paths, root: tree.root) { file in
            if handed.isEmpty {
                do { try tree.write("z/late.swift", "") } catch { writeError = error }
            }
            handed.append(file.displayPath)
        }
        if let writeError { throw writeError }
        return handed
    }

    private func isInUTF8Order(_ paths: [String]) -> Bool {
        zip(paths, paths.dropFirst()).allSatisfy { $0.precedesInUTF8Order($1) }
    }

    func testWalkHandsFilesOnInUTF8OrderOfTheirPathsWhileItStillWalks() throws {
        let tree = try orderTree()
        XCTAssertEqual(
            try handedOver(tree),
            [
                "B.swift", "B/x.swift", "a b/x.swift", "a-b.swift", "a.b/x.swift", "a.swift", "a/b-c.h", "a/b.swift",
                "a/b/c.m", "a0.swift", "z/late.swift", "z/z.swift", "é.swift",
            ])
    }

    func testArgumentsInPathOrderAreHandedOnWhileTheWalkGoesOn() throws {
        let tree = try orderTree()
        let handed = try handedOver(tree, paths: ["B", "a.b", "a", "z"])
        XCTAssertEqual(handed, ["B/x.swift", "a.b/x.swift", "a/b-c.h", "a/b.swift", "a/b/c.m", "z/late.swift", "z/z.swift"])
    }

    /// Arguments out of order, nested or interleaving (`a/x` sorts after `a-b/x`): sorted at the end.
    func testArgumentsWhoseFilesInterleaveAreHandedOnSortedAtTheEnd() throws {
        for paths in [["z", "a"], [".", "a"], ["a", "a-b.swift"], ["a.swift", "a.swift"]] {
            let tree = try orderTree()
            let discovered = FileDiscovery(options: DiscoveryOptions(usesGit: false)).discover(paths: paths, root: tree.root)
            let handed = try handedOver(tree, paths: paths)
            XCTAssertFalse(handed.contains("z/late.swift"), "\(paths)")
            XCTAssertTrue(isInUTF8Order(handed), "\(paths): \(handed)")
            XCTAssertEqual(handed, discovered.files.map(\.displayPath))
        }
    }

    /// Links are followed after the real tree, and files through them may sort anywhere after the link.
    func testFilesFromTheFirstSymlinkOnAreHandedOnSortedAtTheEnd() throws {
        let tree = try orderTree()
        // A vendored directory is reached only through the link, which is met first.
        try tree.write("Pods/lib/lib.swift", "")
        try tree.symlink("0-link", to: "Pods/lib")
        try tree.symlink("a.b/y.swift", to: "../z/z.swift")
        let handed = try handedOver(tree)
        XCTAssertFalse(handed.contains("z/late.swift"))
        XCTAssertTrue(isInUTF8Order(handed), "\(handed)")
        XCTAssertEqual(handed.first, "0-link/lib.swift")
        XCTAssertFalse(handed.contains("a.b/y.swift"), "the real z/z.swift is found first")

        // A link after the first files: those before it are handed on at once.
        let later = try orderTree()
        try later.symlink("a1", to: "B")
        let laterHanded = try handedOver(later)
        XCTAssertTrue(isInUTF8Order(laterHanded), "\(laterHanded)")
        XCTAssertFalse(laterHanded.contains("a1/x.swift"), "B/x.swift was found first")
    }

    func testGitListingIsHandedOnInUTF8Order() throws {
        let tree = try orderTree()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", tree.root, "init", "-q"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("git is not available") }
        let handed = try handedOver(tree, options: DiscoveryOptions())
        // git listed the tree before the first file was handed on.
        XCTAssertEqual(handed.count, 12)
        XCTAssertTrue(isInUTF8Order(handed), "\(handed)")
    }

    func testDirectoryEntriesSortAsTheirPathsWould() {
        func entry(
            _ name: String, _ kind: DirectoryEntry.Kind, status: Result<FileStatus, FileSystemError>? = nil
        ) -> DirectoryEntry {
            DirectoryEntry(name: name, kind: kind, language: nil, status: status)
        }
        let entries = [
            entry("a", .directory), entry("a0", .regularFile), entry("a-b", .regularFile), entry("a.b", .directory),
            entry("B", .directory), entry("é", .regularFile), entry("ab", .unknown, status: .success(.directory)),
            entry("a b", .symbolicLink),
        ]
        XCTAssertEqual(
            entries.sorted(by: DirectoryEntry.precedesInPathOrder).map(\.name),
            ["B", "a b", "a-b", "a.b", "a", "a0", "ab", "é"])
    }
}

/// The session scans the first files while discovery still finds the others, and reports them in
/// path order all the same.
final class ScanOverlapTests: XCTestCase {
    func testFirstFileIsScannedBeforeDiscoveryHasFinished() throws {
        let tree = try CLITemporaryTree(self)
        let names = ["B.swift", "a-b.swift", "a.b/x.swift", "a/b.swift", "a0.swift", "é.swift"]
        let files = try names.map { name in
            DiscoveredFile(
                absolutePath: try tree.write(name, "let w = UIWebView()\n"), displayPath: name, language: .swift,
                isExplicit: false)
        }
        for jobs in [2, 3] {
            let firstScanned = DispatchSemaphore(value: 0)
            let waited = Locked<DispatchTimeoutResult?>(nil)
            let totals = Locked([Int]())
            var configuration = ScanConfiguration(root: tree.root, paths: ["."])
            configuration.jobs = jobs
            // Hands on the first file, then waits until it is scanned before handing on the rest:
            // were discovery to end before scanning starts, the wait would time out.
            let session = ScanSession(configuration: configuration, scanner: CLITestFixtures.wordScanner()) { _, found in
                found(files[0])
                waited.withLock { $0 = firstScanned.wait(timeout: .now() + 20) }
                files.dropFirst().forEach(found)
                return [ScanDiagnostic(level: .warning, path: "a.b", message: "from discovery")]
            }
            let report = session.run { total in
                totals.withLock { $0.append(total) }
                firstScanned.signal()
            }
            XCTAssertEqual(waited.withLock { $0 }, .success, "--jobs \(jobs)")
            XCTAssertEqual(report.findings.map(\.finding.path), names, "--jobs \(jobs)")
            XCTAssertEqual(report.diagnostics.map(\.path), ["a.b"])
            // While discovery runs, the total is one more than the files found, so never reached
            // early; one call a file, each returned before its result was handed on. (Which call
            // comes last is a race between workers, so the last total may still be one over.)
            let seen = totals.withLock { $0 }
            XCTAssertEqual(seen.first, 2, "--jobs \(jobs)")
            XCTAssertTrue(seen.allSatisfy { (2...(names.count + 1)).contains($0) }, "--jobs \(jobs): \(seen)")
            XCTAssertEqual(seen.count, names.count, "--jobs \(jobs)")
        }
    }

    /// Discovery runs beside the workers, not as one of them: with as many jobs as cores, every job
    /// scans while discovery still lists files. (As an iteration of the workers' `concurrentPerform`,
    /// which runs at most one iteration a core at once, it kept the last worker from starting until
    /// the listing ended.)
    func testEveryJobScansWhileDiscoveryIsStillListing() throws {
        let tree = try CLITemporaryTree(self)
        let jobs = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let files = try (0..<jobs).map { index in
            let name = "f\(index).swift"
            return DiscoveredFile(
                absolutePath: try tree.write(name, "let w = UIWebView()\n"), displayPath: name, language: .swift,
                isExplicit: false)
        }
        // Every scan, and the listing after handing on the files, waits until all jobs are scanning.
        let allScanning = DispatchSemaphore(value: 0)
        let scanning = Locked(0)
        let wordScanner = CLITestFixtures.wordScanner()
        let scanner: FileScanner = { bytes, language, path in
            let arrived = scanning.withLock { count in
                count += 1
                return count
            }
            if arrived == jobs { for _ in 0...jobs { allScanning.signal() } }
            _ = allScanning.wait(timeout: .now() + 20)
            return wordScanner(bytes, language, path)
        }
        let listingWaited = Locked<DispatchTimeoutResult?>(nil)
        var configuration = ScanConfiguration(root: tree.root, paths: ["."])
        configuration.jobs = jobs
        let report = ScanSession(configuration: configuration, scanner: scanner) { _, found in
            files.forEach(found)
            listingWaited.withLock { $0 = allScanning.wait(timeout: .now() + 20) }
            return []
        }.run()
        XCTAssertEqual(listingWaited.withLock { $0 }, .success, "\(jobs) jobs")
        XCTAssertEqual(report.findings.count, jobs)
    }

    /// The thread that writes the report scans files while no result is ready for it, rather than
    /// wait for a worker: with two jobs, two threads scan. A file scanned by another thread waits
    /// here until the writing thread has scanned one; were it never to scan, the wait would time out.
    func testTheThreadWritingTheReportScansWhileNoResultIsReady() throws {
        let tree = try CLITemporaryTree(self)
        for index in 0..<3 { try tree.write("f\(index).swift", "let w = UIWebView()\n") }
        let writingThread = pthread_self()
        let writerScanned = DispatchSemaphore(value: 0)
        let scansByWriter = Locked(0)
        let workerWaits = Locked([DispatchTimeoutResult]())
        let wordScanner = CLITestFixtures.wordScanner()
        let scanner: FileScanner = { bytes, language, path in
            if pthread_equal(pthread_self(), writingThread) != 0 {
                scansByWriter.withLock { $0 += 1 }
                writerScanned.signal()
            } else {
                let waited = writerScanned.wait(timeout: .now() + 10)
                workerWaits.withLock { $0.append(waited) }
                writerScanned.signal()  // for the worker's next file
            }
            return wordScanner(bytes, language, path)
        }
        var configuration = ScanConfiguration(root: tree.root, paths: ["."])
        configuration.jobs = 2
        let report = ScanSession(configuration: configuration, scanner: scanner).run()
        XCTAssertEqual(report.findings.map(\.finding.path), ["f0.swift", "f1.swift", "f2.swift"])
        XCTAssertGreaterThan(scansByWriter.withLock { $0 }, 0)
        XCTAssertFalse(workerWaits.withLock { $0 }.contains(.timedOut))
    }

    /// Standard input's name sorts among the files found; a file of the same name has its findings
    /// merged with standard input's by line and column, as when a path is named twice.
    func testStandardInputTakesItsPlaceInPathOrder() throws {
        let tree = try CLITemporaryTree(self)
        for name in ["a/x.swift", "a0.swift", "b.swift"] { try tree.write(name, "let w = UIWebView()\n") }
        let input = try tree.write("input.txt", "NSURLConnection\n")
        let cases: [(name: String, jobs: Int, paths: [String])] = [
            ("a0.swift", 1, ["a/x.swift", "a0.swift", "a0.swift", "b.swift"]),
            ("a0.swift", 2, ["a/x.swift", "a0.swift", "a0.swift", "b.swift"]),
            ("a-b.swift", 2, ["a-b.swift", "a/x.swift", "a0.swift", "b.swift"]),
            ("z.swift", 3, ["a/x.swift", "a0.swift", "b.swift", "z.swift"]),
        ]
        for (name, jobs, paths) in cases {
            var configuration = ScanConfiguration(root: tree.root, paths: ["."], discovery: DiscoveryOptions(usesGit: false))
            configuration.jobs = jobs
            configuration.standardInput = DiscoveredFile(
                absolutePath: input, displayPath: name, language: .swift, isExplicit: true)
            let report = ScanSession(configuration: configuration, scanner: CLITestFixtures.wordScanner()).run()
            XCTAssertEqual(report.findings.map(\.finding.path), paths, "\(name) --jobs \(jobs)")
        }
    }
}
