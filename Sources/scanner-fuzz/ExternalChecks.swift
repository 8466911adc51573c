import Foundation
import MigrationScanner

/// The checks that need other processes, run on a sample of the cases: the diff through `git apply`
/// and `patch -p1`, and the file through the `migrate-scan` executable itself.
///
/// Each check works in a fresh directory under the system's temporary directory, removed after.
struct ExternalChecks {
    /// The `migrate-scan` built next to this executable, if there is one.
    let executable: String?
    private let library = SingleFileRun()

    init() {
        let ownPath = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
        let candidate = (ownPath as NSString).deletingLastPathComponent + "/migrate-scan"
        executable = FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// `git apply` and `patch -p1` each applied to a copy of the original must give what `--fix` writes.
    func patchFailures(of file: SeedCorpus.Seed, _ fix: CaseChecker.TargetFix) -> [FuzzFailure] {
        let inputKind = DiffInputKind(of: file.bytes)
        return withScratchDirectory { directory in
            let name = CaseChecker.path(for: file.language)
            let patch = directory + "/fuzz.patch"
            _ = FileManager.default.createFile(atPath: patch, contents: Data(fix.diff))
            var failures: [FuzzFailure] = []
            for tool in [["git", "apply", patch], ["patch", "-p1", "-s", "--no-backup-if-mismatch", "-i", patch]] {
                _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(file.bytes))
                let result = Self.run(tool, in: directory)
                let patched = FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) }
                if result.status != 0 || patched != fix.fixed {
                    let why = result.status != 0 ? "exit \(result.status): \(result.errors.prefix(200))" : "a different file"
                    failures.append(FuzzFailure(.externalPatch, "\(fix.label(for: file.language)), \(tool[0]): \(why)", inputKind: inputKind))
                }
            }
            return failures
        }
    }

    /// `migrate-scan --format json`, and `--diff` and `--fix` with each target, on the file alone:
    /// the same report, diffs and fixed files as the library gave in process, and exit statuses that say so.
    func executableFailures(of file: SeedCorpus.Seed, _ outputs: CaseChecker.Outputs) -> [FuzzFailure] {
        guard let executable else { return [] }
        return withScratchDirectory { directory in
            let name = CaseChecker.path(for: file.language)
            let path = directory + "/" + name
            _ = FileManager.default.createFile(atPath: path, contents: Data(file.bytes))
            var failures: [FuzzFailure] = []
            func expect(_ condition: Bool, _ what: String) {
                if !condition { failures.append(FuzzFailure(.executable, what)) }
            }
            // --allow-empty: a binary file is skipped, as in process, and a run that scanned no file exits 2 without it.
            let scan = Self.run(
                [executable, "--no-config", "--format", "json", "--fail-on", "never", "--allow-empty", name], in: directory)
            expect(scan.status == 0, "--format json exited \(scan.status): \(scan.errors.prefix(200))")
            expect(scan.output == Array(outputs.json.utf8), "--format json printed another report than the library's")
            for fix in outputs.fixes {
                let label = fix.label(for: file.language)
                let target = fix.target == .shim ? [] : ["--to", fix.target.rawValue]
                _ = FileManager.default.createFile(atPath: path, contents: Data(file.bytes))
                let diff = Self.run([executable, "--no-config", "-q", "--diff"] + target + [name], in: directory)
                expect(diff.status == (fix.diff.isEmpty ? 0 : 1), "\(label): --diff exited \(diff.status)")
                // A Swift 2 file gets its note on standard output instead of a diff.
                let note = file.language == .swift
                    ? library.swift2Note(file.bytes, path: name, target: fix.target).map { Array($0.utf8) } ?? [] : []
                // Objective-C notes (what stays, and why) come before the diff, as the command prints them.
                expect(diff.output.suffix(fix.diff.count + note.count) == ArraySlice(note + fix.diff),
                       "\(label): --diff printed another diff (or note) than the library's")
                let fixRun = Self.run([executable, "--no-config", "-q", "--fix"] + target + [name], in: directory)
                expect(fixRun.status == 0, "\(label): --fix exited \(fixRun.status): \(fixRun.errors.prefix(200))")
                expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == fix.fixed,
                       "\(label): --fix wrote another file than the library's")
            }
            return failures
        }
    }

    private func withScratchDirectory(_ body: (String) -> [FuzzFailure]) -> [FuzzFailure] {
        let directory = NSTemporaryDirectory() + "/scanner-fuzz-\(getpid())-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return [FuzzFailure(.externalPatch, "cannot create \(directory): \(error)")]
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return body(directory)
    }

    /// Runs `command` (looked up in PATH) in `directory`; its standard output and error, and its exit
    /// status (128 + the signal when one killed it).
    private static func run(_ command: [String], in directory: String) -> (status: Int32, output: [UInt8], errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        // Standard error to a file, so only one pipe needs draining before the wait.
        let errorsPath = directory + "/stderr"
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorsPath)
        do {
            try process.run()
        } catch {
            return (127, [], "cannot run \(command[0]): \(error)")
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = FileManager.default.contents(atPath: errorsPath) ?? Data()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, [UInt8](outputData), String(decoding: errorText, as: UTF8.self))
    }
}
