import Foundation
import MigrationScanner

/// `--fix` / `--diff` inside the command: the same configuration file as a scan decides which files
/// are candidates (its `exclude`, `includeVendored`, `maxFileSize`), so a path a scan leaves out
/// is never rewritten either. `--changed-since REF` limits the fix to the files changed since REF,
/// and `--output FILE` takes what it would print on standard output. A report format other than
/// text, and the options of `FixOptionCheck.refused`, are usage errors.
extension MigrationScanCommand {
    func fix<Output: TextOutputStream, Errors: TextOutputStream>(
        _ request: FixRequest, _ options: ScanOptions, paths: [String], root: String,
        stdout: inout Output, stderr: inout Errors
    ) -> ExitCode {
        let mode = request.mode
        // The fix's output is the list of files it wrote (or the diff): no report format applies to it.
        if let format = options.reports.map(\.format).first(where: { $0 != .text }) {
            stderr.write("\(ToolIdentity.name): error: '--format \(format.rawValue)' cannot be used with --\(mode.rawValue), "
                + "which prints the files it changes as text\n")
            return .failure
        }
        if options.reports.count > 1 {
            stderr.write("\(ToolIdentity.name): error: --\(mode.rawValue) writes one output: give one --output\n")
            return .failure
        }
        if let problem = FixOptionCheck.problem(with: options, mode: mode) {
            stderr.write("\(ToolIdentity.name): error: \(problem.message)\n")
            return .failure
        }
        let ruleIDs = catalog.map(\.id) + SuppressionRules.ids
        let project: ProjectConfiguration?
        do {
            project = try loadConfiguration(options, root: root, ruleIDs: ruleIDs)
        } catch {
            stderr.write("\(error)\n")
            return .failure
        }
        let resolved = ResolvedScanOptions(options: options, configuration: project, ruleIDs: ruleIDs)
        var selection = options
        selection.excludes = resolved.excludes
        selection.includeVendored = resolved.includeVendored
        selection.maximumFileSize = resolved.maximumFileSize
        var command = FixCommand(mode: mode, target: request.target, appleOnly: request.appleOnly, options: selection, paths: paths, root: root)
        if let reference = options.changedSince {
            switch ChangedLines.since(reference, root: root) {
            case .success(let changed): command.onlyFiles = changed.files
            case .failure(let error):
                stderr.write("\(ToolIdentity.name): error: \(error.message)\n")
                return .failure
            }
        }
        guard let outputPath = options.outputPath else { return command.run(stdout: &stdout, stderr: &stderr) }
        var collected = CollectedOutput()
        let status = command.run(stdout: &collected, stderr: &stderr)
        do throws(AtomicFileWriter.Failure) {
            try AtomicFileWriter.write(collected.bytes, to: FileSystemPath.absolute(outputPath, relativeTo: currentDirectory))
        } catch {
            stderr.write("\(ToolIdentity.name): error: cannot write '\(outputPath)': \(error)\n")
            return .failure
        }
        return status
    }
}
