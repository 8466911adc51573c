import Foundation
import MigrationScanner

/// `migrate-scan --fix` / `--diff`: migrates the Swift files a scan would read onto
/// URLConnectionShim (or, with `--to urlsession`, their delegate classes onto URLSession), moves
/// Objective-C NSURLConnection delegate classes to NSURLSession, and reports what it leaves for
/// hand migration.
struct FixCommand: Sendable {
    var mode: FixMode
    var target: FixTarget
    /// `--apple-only`: the Swift code is built for Apple platforms only, so classes that answer
    /// authentication challenges move to URLSession too.
    var appleOnly: Bool
    var options: ScanOptions
    /// Files and directories to fix, absolute.
    var paths: [String]
    /// What report and diff paths are relative to, and what symlinks must stay inside.
    var root: String
    /// `--changed-since`: only these files (relative to the root) are fixed; nil fixes every file found.
    var onlyFiles: Set<String>?

    /// The legacy-API rules whose Objective-C findings are listed as "not rewritten".
    static let objectiveCRules = RuleCatalog.ids(fixedBy: [.objectiveC, .objectiveCNoted])

    init(mode: FixMode, target: FixTarget = .shim, appleOnly: Bool = false, options: ScanOptions, paths: [String], root: String) {
        self.mode = mode
        self.target = target
        self.appleOnly = appleOnly
        self.options = options
        self.paths = paths
        self.root = root
    }

    /// Runs the fix. Exit status: 0 done (or, with `--diff`, nothing to change); 1 with `--diff` when
    /// something would change; 2 when a path could not be read, a file could not be rewritten (read-only, hard-linked,
    /// a symlink leaving the root, an owner that cannot be kept) or its edits conflict.
    func run<Output: TextOutputStream, Errors: TextOutputStream>(
        stdout: inout Output, stderr: inout Errors
    ) -> ExitCode {
        let discovery = FileDiscovery(options: DiscoveryOptions(
            includeVendored: options.includeVendored, maximumFileSize: options.maximumFileSize,
            excludes: options.excludes.map(GlobPattern.init), excludesNamedFiles: options.forceExclude)).discover(paths: paths, root: root)
        var failed = discovery.diagnostics.contains { $0.level == .error }
        for diagnostic in discovery.diagnostics where diagnostic.level == .error || !options.quiet {
            stderr.write("\(diagnostic)\n")
        }
        let loader = SourceFileLoader(maximumFileSize: options.maximumFileSize)
        let scanner = SourceScanner(ruleIDs: Self.objectiveCRules)
        var changedFiles = 0
        var editCount = 0
        var swiftFiles = 0
        var objectiveCFindings = 0
        var written: Set<String> = []
        let migrator = Migrator(target: target, appleOnly: appleOnly, objectiveCSources: discovery.files.compactMap { file in
            guard file.language == .objectiveC, case .source(let bytes) = loader.load(file) else { return nil }
            return bytes
        })
        var objectiveCFiles = 0
        var objectiveCEdits = 0
        // --to urlsession: classes moved onto URLSession, and notes on what stays on the shim.
        var movedClasses = 0
        var movedCalls = 0
        var shimNotes = 0
        for file in discovery.files where onlyFiles?.contains(file.displayPath) ?? true {
            guard case .source(let bytes) = loader.load(file) else { continue }
            let migration = migrator.migrate(bytes, language: file.language)
            switch file.language {
            case .objectiveC:
                // Moved classes: NSURLSession edits; the rest: a note per finding or obstacle.
                for note in migration.notes {
                    objectiveCFindings += 1
                    stdout.write("\(file.displayPath):\(note.line):\(note.column): note: not rewritten "
                        + "(Objective-C): \(note.reason)\n")
                }
                // A finding below a refusal points to it, rather than repeating "--fix moves the class".
                let refusals = migration.notes.map(\.line).sorted()
                for finding in scanner.scan(migration.file, path: file.displayPath)
                where !migration.movedLines.contains(where: { $0.contains(finding.line) }) {
                    objectiveCFindings += 1
                    let refusal = refusals.last { $0 <= finding.line } ?? refusals.first
                    let why = refusal.map { "Objective-C, as line \($0) says" } ?? "Objective-C"
                    stdout.write("\(file.displayPath):\(finding.line):\(finding.column): note: not rewritten "
                        + "(\(why)): \(ObjectiveCAdvice.withoutFixAdvice(finding.message)) [\(finding.ruleID)]\n")
                }
            case .swift:
                swiftFiles += 1
                // --to urlsession: what stays on the shim, and why.
                for note in migration.notes {
                    shimNotes += 1
                    stdout.write("\(file.displayPath):\(note.line):\(note.column): note: not moved to URLSession "
                        + "(left on URLConnectionShim): \(note.reason)\n")
                }
            }
            guard let applied = fix(file, bytes, migration.decision, written: &written, stdout: &stdout, stderr: &stderr)
            else {
                failed = true
                continue
            }
            guard applied > 0 else { continue }
            movedClasses += migration.movedClasses
            movedCalls += migration.movedCalls
            changedFiles += 1
            editCount += applied
            if file.language == .objectiveC {
                objectiveCFiles += 1
                objectiveCEdits += applied
            }
        }
        if !options.quiet {
            let verb = mode == .diff ? "would fix" : "fixed"
            let movedObjectiveC = objectiveCFiles == 0 ? "" : "; \(Self.counted(objectiveCFiles, "Objective-C file")) "
                + "moved to NSURLSession (\(Self.counted(objectiveCEdits, "edit")))"
            stderr.write("\(ToolIdentity.name): \(verb) \(changedFiles - objectiveCFiles) of \(Self.counted(swiftFiles, "Swift file")) "
                + "(\(Self.counted(editCount - objectiveCEdits, "edit")))\(movedToSession(movedClasses, movedCalls, shimNotes))\(movedObjectiveC); "
                + "\(Self.counted(objectiveCFindings, "Objective-C finding")) left to migrate by hand\n")
        }
        if failed { return .failure }
        return mode == .diff && changedFiles > 0 ? .findings : .success
    }

    /// Applies one file's edits, or prints them as a diff: the number of edits (0 when it needs none
    /// or is left as it is with a note), nil when it could not be fixed (reported on `stderr`).
    private func fix<Output: TextOutputStream, Errors: TextOutputStream>(
        _ file: DiscoveredFile, _ bytes: [UInt8], _ decision: FixDecision, written: inout Set<String>,
        stdout: inout Output, stderr: inout Errors
    ) -> Int? {
        let edits: [SourceEdit]
        switch decision {
        case .apply(let resolved): edits = resolved
        case .conflict(let conflict):
            let line = bytes[..<conflict.second.range.lowerBound].filter { $0 == UInt8(ascii: "\n") }.count + 1
            stderr.write("\(file.displayPath):\(line): error: two edits overlap (bytes \(conflict.first.range) and "
                + "\(conflict.second.range)); no winner is picked, the file is not rewritten\n")
            return nil
        case .leftAsSwift2(let marker):
            stdout.write(marker.note(displayPath: file.displayPath))
            return 0
        }
        guard !edits.isEmpty else { return 0 }
        switch mode {
        case .diff:
            stdout.writeBytes(UnifiedDiff(path: file.displayPath, original: bytes, edits: edits).render())
        case .write:
            do throws(AtomicFileWriter.Failure) {
                // A file reached twice (a symlink and its target) is fixed once.
                guard written.insert(try AtomicFileWriter.target(of: file.absolutePath, root: root)).inserted else { return 0 }
                try AtomicFileWriter.write(SourceEdit.apply(edits, to: bytes), to: file.absolutePath, root: root, expected: bytes)
                stdout.write("fixed \(file.displayPath) (\(Self.counted(edits.count, "edit")))\n")
            } catch {
                stderr.write("\(file.displayPath): error: \(error); not rewritten\n")
                return nil
            }
        }
        return edits.count
    }

    /// With `--to urlsession`, how many classes and `sendAsynchronousRequest` calls moved and how
    /// much stayed on the shim.
    private func movedToSession(_ classes: Int, _ calls: Int, _ notes: Int) -> String {
        guard target == .urlsession else { return "" }
        return ", \(classes) \(classes == 1 ? "class" : "classes") and \(Self.counted(calls, "call")) moved to URLSession, \(Self.counted(notes, "note")) on what stays on URLConnectionShim"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
