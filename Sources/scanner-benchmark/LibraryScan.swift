import Dispatch
import Foundation
import MigrationScanner
import Locking

/// The scan without the command around it: discovery, then `SourceFileLoader` and
/// `SourceScanner.scan` per file on `jobs` threads (`DispatchQueue.concurrentPerform`).
///
/// The floor under the binary's time: `migrate-scan --jobs` scans the same way and adds
/// suppressions and fingerprints in its workers, then the merge and the report on one thread.
struct LibraryScan {
    struct Outcome {
        var filesScanned: Int
        var findings: Int
    }

    let jobs: Int
    private let scanner = SourceScanner()

    init(jobs: Int) {
        self.jobs = jobs
    }

    func run(paths: [String]) -> Outcome {
        let files = FileDiscovery().discover(paths: paths, root: FileManager.default.currentDirectoryPath).files
        let loader = SourceFileLoader()
        let totals = Locked((files: 0, findings: 0))
        let nextFile = Locked(0)
        // Each worker takes the next unscanned file, so a few long files do not leave a core idle.
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            var scanned = 0
            var findings = 0
            while true {
                let index = nextFile.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < files.count else { break }
                let file = files[index]
                if case .source(let bytes) = loader.load(file) {
                    findings += scanner.scan(bytes, language: file.language, path: file.displayPath).count
                    scanned += 1
                }
            }
            totals.withLock { $0.files += scanned; $0.findings += findings }
        }
        return totals.withLock { Outcome(filesScanned: $0.files, findings: $0.findings) }
    }
}
