/// The clang/Xcode diagnostic form for Xcode's issue navigator: `/abs/path:line:col: warning: message [rule-id]`,
/// every finding on a line of its own.
///
/// Unlike `text`, identical findings are not grouped (Xcode makes one clickable issue of each
/// line, so a grouped line hid all but the first) and paths are absolute (Xcode opens only those).
struct XcodeReporter: StreamingReportFormatter {
    func makeStream() -> Stream {
        Stream()
    }

    struct Stream: ReportStream {
        private var root = ""

        mutating func begin(root: String, to output: (String) -> Void) {
            self.root = root
        }

        package func write(_ findings: [ReportedFinding], to output: (String) -> Void) {
            let text = TextReporter()
            output(findings.map { reported in
                var finding = reported.finding
                finding.path = FileSystemPath.absolute(finding.path, relativeTo: root)
                return text.line(for: finding) + "\n"
            }.joined())
        }
    }
}
