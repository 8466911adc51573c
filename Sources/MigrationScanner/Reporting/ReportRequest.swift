/// One report a scan writes: a format and where it goes.
///
/// `--format` can be given several times; each `--output` applies to the `--format` before it (an
/// `--output` before any `--format` applies to the first), and at most one report goes to standard output.
package struct ReportRequest: Sendable, Equatable {
    package var format: OutputFormat
    /// Nil: standard output.
    package var outputPath: String?

    package init(format: OutputFormat, outputPath: String? = nil) {
        self.format = format
        self.outputPath = outputPath
    }
}
