import Foundation
import PackagePlugin

/// `swift package migrate-scan [--target <name> ...] [migrate-scan options]`: runs this package's
/// own `migrate-scan` over the package's source targets (or the named ones).
///
/// `swift package --allow-writing-to-package-directory migrate-scan --fix` rewrites their Swift
/// files onto URLConnectionShim. Every other argument goes to `migrate-scan` as it is, so
/// `--format sarif --output report.sarif`, `--diff` or `--fail-on error` work as on the command line.
/// Paths in the report are relative to the package directory.
@main
struct MigrateScanPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passedOn = extractor.remainingArguments

        let sourceTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        for name in targetNames where !sourceTargets.contains(where: { $0.name == name }) {
            throw PluginFailure("no source target named '\(name)' in package '\(context.package.displayName)'")
        }
        let selected = targetNames.isEmpty ? sourceTargets : sourceTargets.filter { targetNames.contains($0.name) }
        guard !selected.isEmpty else {
            print("migrate-scan: package '\(context.package.displayName)' has no source targets")
            return
        }

        let tool = try context.tool(named: "migrate-scan")
        let process = Process()
        process.executableURL = tool.url
        // Package.directoryURL and Target.directoryURL need tools version 6.1 (this package declares 6.0)
        // and their Path forms are deprecated, so directories are derived from the source files' URLs.
        let directories = selected.compactMap { SourceDirectory.common(of: $0.sourceFiles.map(\.url)) }
        let root = SourceDirectory.package(containing: SourceDirectory.common(ofDirectories: directories) ?? "/")
            ?? FileManager.default.currentDirectoryPath
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.arguments = passedOn + ["--root", root, "--"] + directories
        let caller = CallerStreams.ofParentProcess()
        if let output = caller.output { process.standardOutput = output }
        if let error = caller.error { process.standardError = error }
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            // The failure, on its own line after the report, in the stream the report is in;
            // SwiftPM then prints the thrown error on its standard error.
            caller.printAfterReport("migrate-scan: exited with status \(process.terminationStatus)")
        }

        // migrate-scan's own exit statuses: 1 = findings at or above --fail-on (or, with --diff,
        // changes to make), 2 = a usage or I/O error. Both fail the command, as they fail CI.
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            throw PluginFailure("migrate-scan exited with status 1: findings at or above --fail-on (with --diff: changes to make)")
        default:
            throw PluginFailure("migrate-scan exited with status \(process.terminationStatus)")
        }
    }
}
