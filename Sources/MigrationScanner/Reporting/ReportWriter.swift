import Foundation

/// Writes each requested report, in pieces as its formatter makes them: to its file (atomically)
/// or to standard output.
package struct ReportWriter {
    /// Rules listed in SARIF's `tool.driver.rules`.
    var rules: [RuleDescription]
    /// Where relative `--output` paths start.
    var currentDirectory: String
    /// `--summary`: text and Markdown reports print counts only; the other formats keep every finding.
    var summaryOnly = false

    package init(rules: [RuleDescription], currentDirectory: String, summaryOnly: Bool = false) {
        self.rules = rules
        self.currentDirectory = currentDirectory
        self.summaryOnly = summaryOnly
    }

    /// The formatter for one format.
    func formatter(for format: OutputFormat) -> any ScanReportFormatter {
        switch format {
        case .text: TextReporter(summaryOnly: summaryOnly)
        case .xcode: XcodeReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter(rules: rules)
        case .github: GitHubActionsReporter()
        case .markdown: MarkdownReporter(summaryOnly: summaryOnly)
        case .html: HTMLReporter(rules: rules)
        case .checkstyle: CheckstyleReporter()
        case .junit: JUnitReporter()
        case .gitlab: GitLabCodeQualityReporter()
        }
    }

    /// Writes every report; false when a file could not be written (the error is on `stderr`).
    package func write<Output: TextOutputStream, Errors: TextOutputStream>(
        _ report: ScanReport, as requests: [ReportRequest], stdout: inout Output, stderr: inout Errors
    ) -> Bool {
        var succeeded = true
        for request in requests {
            let formatter = formatter(for: request.format)
            guard let outputPath = request.outputPath else {
                formatter.write(report) { stdout.write($0) }
                continue
            }
            do throws(AtomicFileWriter.Failure) {
                let file = try AtomicFileWriter(path: FileSystemPath.absolute(outputPath, relativeTo: currentDirectory))
                formatter.write(report) { file.write($0) }
                try file.finish()
            } catch {
                stderr.write("\(ToolIdentity.name): error: cannot write '\(outputPath)': \(error)\n")
                succeeded = false
            }
        }
        return succeeded
    }
}
