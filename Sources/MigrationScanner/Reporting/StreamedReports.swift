/// The requested reports written while files are scanned, each path's findings as they come:
/// used when every requested format is a `StreamingReportFormatter`.
///
/// Failures are told at `finish`, in the order the reports were requested, as `ReportWriter`
/// tells them for held reports, so standard error reads the same either way.
package struct StreamedReports {
    private enum Destination {
        case standardOutput
        case file(AtomicFileWriter, path: String)
        /// The file could not be created: nothing is written, the message waits for `finish`.
        case unwritable(path: String, message: String)
    }

    /// One report being written. A class, so that writing to it changes it in place: a stream
    /// copied out of an array (with a file writer's buffer, or the HTML page's spool) shared its
    /// storage with the array's copy, and its first write each time copied all of that storage.
    private final class Report {
        package var stream: any ReportStream
        let destination: Destination

        init(stream: any ReportStream, destination: Destination) {
            self.stream = stream
            self.destination = destination
        }
    }

    private let reports: [Report]

    /// The reports of `requests` begun for a scan of `root` (absolute), or nil when one of the
    /// formats must be held whole.
    package init?<Output: TextOutputStream>(_ requests: [ReportRequest], root: String, writer: ReportWriter, stdout: inout Output) {
        // Every format checked before any file is created: a nil leaves no temporary file behind.
        let formatters = requests.compactMap { writer.formatter(for: $0.format) as? any StreamingReportFormatter }
        guard formatters.count == requests.count else { return nil }
        var reports: [Report] = []
        for (request, formatter) in zip(requests, formatters) {
            let destination: Destination
            if let outputPath = request.outputPath {
                do throws(AtomicFileWriter.Failure) {
                    let file = try AtomicFileWriter(path: FileSystemPath.absolute(outputPath, relativeTo: writer.currentDirectory))
                    destination = .file(file, path: outputPath)
                } catch {
                    destination = .unwritable(path: outputPath, message: error.description)
                }
            } else {
                destination = .standardOutput
            }
            reports.append(Report(stream: formatter.makeStream(), destination: destination))
        }
        self.reports = reports
        forEachReport(stdout: &stdout) { stream, output in stream.begin(root: root, to: output) }
    }

    /// One path's findings, in report order, to every report.
    package func write<Output: TextOutputStream>(_ findings: [ReportedFinding], stdout: inout Output) {
        guard !findings.isEmpty else { return }
        forEachReport(stdout: &stdout) { stream, output in stream.write(findings, to: output) }
    }

    /// Ends every report and moves its file into place; false when a file could not be written
    /// (the error is on `stderr`).
    package func finish<Output: TextOutputStream, Errors: TextOutputStream>(
        _ totals: ScanTotals, stdout: inout Output, stderr: inout Errors
    ) -> Bool {
        forEachReport(stdout: &stdout) { stream, output in stream.end(totals, to: output) }
        var succeeded = true
        for report in reports {
            let failure: (path: String, message: String)?
            switch report.destination {
            case .standardOutput: failure = nil
            case .unwritable(let path, let message): failure = (path, message)
            case .file(let file, let path):
                do throws(AtomicFileWriter.Failure) {
                    try file.finish()
                    failure = nil
                } catch {
                    failure = (path, error.description)
                }
            }
            if let failure {
                stderr.write("\(ToolIdentity.name): error: cannot write '\(failure.path)': \(failure.message)\n")
                succeeded = false
            }
        }
        return succeeded
    }

    /// Runs `body` on each report's stream with a function that writes to its destination.
    private func forEachReport<Output: TextOutputStream>(
        stdout: inout Output, _ body: (inout any ReportStream, (String) -> Void) -> Void
    ) {
        for report in reports {
            body(&report.stream) { text in
                switch report.destination {
                case .standardOutput: stdout.write(text)
                case .file(let file, _): file.write(text)
                case .unwritable: break
                }
            }
        }
    }
}
