/// `--fix` / `--diff` inside the command: the same configuration file as a scan decides which files
/// are candidates (its `exclude`, `includeVendored`, `maxFileSize`), so a path a scan leaves out
/// is never rewritten either.
extension MigrationScanCommand {
    func fix<Output: TextOutputStream, Errors: TextOutputStream>(
        _ mode: FixMode, _ options: ScanOptions, stdout: inout Output, stderr: inout Errors
    ) -> ExitCode {
        let root = FileSystemPath.absolute(options.root ?? ".", relativeTo: currentDirectory)
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
        return FixCommand(mode: mode, options: selection, currentDirectory: currentDirectory)
            .run(stdout: &stdout, stderr: &stderr)
    }
}
