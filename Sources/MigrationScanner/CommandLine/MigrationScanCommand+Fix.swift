/// `--fix` / `--diff` inside the command: the same configuration file as a scan decides which files
/// are candidates (its `exclude`, `includeVendored`, `maxFileSize`), so a path a scan leaves out
/// is never rewritten either. A report format other than text is a usage error.
extension MigrationScanCommand {
    func fix<Output: TextOutputStream, Errors: TextOutputStream>(
        _ mode: FixMode, to target: FixTarget, appleOnly: Bool, _ options: ScanOptions, paths: [String], root: String,
        stdout: inout Output, stderr: inout Errors
    ) -> ExitCode {
        // The fix's output is the list of files it wrote (or the diff): no report format applies to it.
        if let format = options.reports.map(\.format).first(where: { $0 != .text }) {
            stderr.write("\(ToolIdentity.name): error: '--format \(format.rawValue)' cannot be used with --\(mode.rawValue), "
                + "which prints the files it changes as text\n")
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
        return FixCommand(mode: mode, target: target, appleOnly: appleOnly, options: selection, paths: paths, root: root)
            .run(stdout: &stdout, stderr: &stderr)
    }
}
