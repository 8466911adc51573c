/// One report a scan writes: a format and where it goes.
///
/// `--format` can be given several times; each `--output` applies to the `--format` before it (an
/// `--output` before any `--format` applies to the first), and at most one report goes to standard output.
struct ReportRequest: Sendable, Equatable {
    var format: OutputFormat
    /// Nil: standard output.
    var outputPath: String?

    init(format: OutputFormat, outputPath: String? = nil) {
        self.format = format
        self.outputPath = outputPath
    }
}
