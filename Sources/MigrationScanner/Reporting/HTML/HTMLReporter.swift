import Foundation

/// One self-contained HTML page: totals, bar charts of findings per rule and per top-level
/// directory, a migration-effort table, the findings grouped by file with the source lines
/// around each, and the explanation of every rule that fired.
///
/// Inline CSS and SVG only, no scripts and nothing loaded from elsewhere, so the file can be
/// attached to a CI run and opened offline. Everything taken from sources, paths or messages is
/// escaped, and the markup is well-formed XML (XHTML-compatible), which the tests check by parsing it.
///
/// The totals, charts and effort table come first but need every finding, so a scan streams the
/// page: each file's section is made as its findings arrive and spooled (`SpoolBuffer`, on disk
/// past a few megabytes), and the page is written at the end around it. Memory holds counts, not
/// findings or their source lines.
struct HTMLReporter: StreamingReportFormatter {
    /// Reads a file given its report path and the report's root; nil when unreadable.
    typealias SourceLines = @Sendable (_ path: String, _ root: String) -> SourceLineTable?

    var rules: [RuleDescription]
    /// Lines shown around each finding.
    var contextLines = 2
    private let sourceLines: SourceLines

    init(rules: [RuleDescription] = RuleCatalog.descriptions, sourceLines: SourceLines? = nil) {
        self.rules = rules
        self.sourceLines = sourceLines ?? HTMLReporter.readLines
    }

    /// Reads `path` relative to `root` (or absolute) from disk.
    static let readLines: SourceLines = { path, root in
        let absolute = path.hasPrefix("/") ? path : (root.hasSuffix("/") ? root : root + "/") + path
        guard let data = FileManager.default.contents(atPath: absolute) else { return nil }
        return SourceLineTable(Array(data))
    }

    func makeStream() -> Stream { Stream(reporter: self) }

    /// One page being written: file sections spooled as they come, the rest at the end.
    struct Stream: ReportStream {
        let reporter: HTMLReporter
        private var root = ""
        private var fileSections = SpoolBuffer()
        private var effort = MigrationEffort.Tally()

        init(reporter: HTMLReporter) {
            self.reporter = reporter
        }

        mutating func begin(root: String, to output: (String) -> Void) {
            self.root = root
        }

        package mutating func write(_ findings: [ReportedFinding], to output: (String) -> Void) {
            let findings = findings.map(\.finding)
            let groups = FindingGroup.groups(of: findings)
            effort.add(groups)
            fileSections.append(reporter.fileSection(findings, groups: groups, root: root))
        }

        mutating func end(_ totals: ScanTotals, to output: (String) -> Void) {
            var page = """
                <!DOCTYPE html>
                <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
                <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <title>migrate-scan report</title>
                <style>\(HTMLReportStyle.css)</style>
                </head>
                <body>

                """
            page += "<header><h1>migrate-scan report</h1>\n<p class=\"meta\">\(HTMLEscaping.escape(ToolIdentity.name)) "
                + "\(HTMLEscaping.escape(ToolIdentity.version)) · root <code>\(HTMLEscaping.escape(totals.root))</code></p>\n"
            page += reporter.totals(totals) + "</header>\n<main>\n"
            page += reporter.charts(totals.findings)
            page += reporter.effort(effort.entries)
            page += "<section id=\"files\">\n<h2>Findings by file</h2>\n"
            output(page)
            fileSections.drain(output)
            output("</section>\n" + reporter.explanations(totals.findings) + "</main>\n</body>\n</html>\n")
        }
    }

    // MARK: sections

    private func totals(_ totals: ScanTotals) -> String {
        let summary = ScanSummary(totals)
        let cells = [
            ("finding", summary.findings, "total"), ("error", summary.errors, "error"),
            ("warning", summary.warnings, "warning"), ("note", summary.notes, "note"),
            ("file", summary.files, "files"),
        ]
        var html = "<ul class=\"totals\" id=\"totals\">\n"
        for (noun, count, style) in cells {
            let name = (count == 1 ? noun : noun + "s") + (style == "files" ? " scanned" : "")
            html += "<li class=\"\(style)\"><span class=\"count\">\(count)</span> \(name)</li>\n"
        }
        html += "</ul>\n"
        if totals.hasErrors {
            html += "<p class=\"incomplete\">Some paths could not be read; the scan is incomplete.</p>\n"
        }
        return html
    }

    private func charts(_ findings: FindingTally) -> String {
        guard findings.total > 0 else { return "<section id=\"charts\"><h2>Findings</h2><p>No findings.</p></section>\n" }
        let byRule = findings.byRule
            .map { SVGBarChart.Bar(label: $0.key, value: Double($0.value), link: "#" + HTMLEscaping.anchor("rule", $0.key)) }
            .sorted { ($1.value, $0.label) < ($0.value, $1.label) }
        let byDirectory = Dictionary(findings.byFile.map { (MigrationEffort.topLevelDirectory(of: $0.key), $0.value) }, uniquingKeysWith: +)
            .map { SVGBarChart.Bar(label: $0.key, value: Double($0.value)) }
            .sorted { ($1.value, $0.label) < ($0.value, $1.label) }
        return "<section id=\"charts\">\n<h2>Findings per rule</h2>\n"
            + SVGBarChart(title: "Findings per rule", bars: byRule).render()
            + "\n<h2>Findings per top-level directory</h2>\n"
            + SVGBarChart(title: "Findings per top-level directory", bars: byDirectory).render()
            + "\n</section>\n"
    }

    private func effort(_ entries: [MigrationEffort.Entry]) -> String {
        guard !entries.isEmpty else { return "" }
        var html = "<section id=\"effort\">\n<h2>Migration effort</h2>\n"
            + "<p class=\"formula\">Estimated hours per top-level directory: 0.5 h per file with findings, plus per "
            + "site (identical findings of a rule in one file are one site) 0.1 h when <code>migrate-scan --fix</code> rewrites it (Swift; "
            + MigrationEffort.fixedRules.sorted().map { "<code>\($0)</code>" }.joined(separator: ", ")
            + "), else 2 h for an error, 1 h for a warning, 0.25 h for a note. A planning aid, not a measurement.</p>\n"
        html += SVGBarChart(
            title: "Estimated hours per top-level directory",
            bars: entries.map { SVGBarChart.Bar(label: $0.directory, value: $0.hours, caption: SVGBarChart.number($0.hours) + " h") }
        ).render()
        html += "\n<table>\n<thead><tr><th>Directory</th><th>Files</th><th>Sites</th><th>Hours</th></tr></thead>\n<tbody>\n"
        for entry in entries {
            html += "<tr><td><code>\(HTMLEscaping.escape(entry.directory))</code></td><td>\(entry.files)</td>"
                + "<td>\(entry.sites)</td><td>\(SVGBarChart.number(entry.hours))</td></tr>\n"
        }
        let total = entries.reduce(0) { $0 + $1.hours }
        html += "</tbody>\n<tfoot><tr><td>Total</td><td>\(entries.reduce(0) { $0 + $1.files })</td>"
            + "<td>\(entries.reduce(0) { $0 + $1.sites })</td><td>\(SVGBarChart.number(total))</td></tr></tfoot>\n</table>\n</section>\n"
        return html
    }

    /// One file's section: `findings` are that file's, in report order, grouped as `groups`.
    private func fileSection(_ findings: [Finding], groups: [FindingGroup], root: String) -> String {
        let path = findings[0].path
        let lines = sourceLines(path, root)
        var html = "<section class=\"file\" id=\"\(HTMLEscaping.anchor("file", path))\">\n"
            + "<h3><code>\(HTMLEscaping.escape(path))</code> <span class=\"badge\">\(findings.count)</span></h3>\n"
        for group in groups {
            html += findingBlock(group, lines: lines)
        }
        return html + "</section>\n"
    }

    /// One finding, or a group of identical ones: the message once, the count and lines, and the
    /// source around the first.
    private func findingBlock(_ group: FindingGroup, lines: SourceLineTable?) -> String {
        let finding = group.first
        let repetition = group.count > 1 ? " <span class=\"repeats\">\(HTMLEscaping.escape(group.repetitionNote))</span>" : ""
        var html = "<div class=\"finding \(finding.severity.rawValue)\">\n<p><span class=\"severity\">"
            + "\(finding.severity.rawValue)</span> <span class=\"location\">\(finding.line):\(finding.column)</span> "
            + HTMLEscaping.escape(finding.message) + repetition
            + " <a class=\"rule\" href=\"#\(HTMLEscaping.anchor("rule", finding.ruleID))\">\(HTMLEscaping.escape(finding.ruleID))</a></p>\n"
        if let lines, finding.line >= 1, finding.line <= lines.lineCount {
            let first = max(1, finding.line - contextLines)
            let last = min(lines.lineCount, finding.line + contextLines)
            // Block spans, no newlines between them: inside <pre> a newline would add an empty line.
            html += "<pre class=\"source\">"
            for number in first...last {
                let marked = number == finding.line ? " class=\"hit\"" : ""
                html += "<span\(marked)><span class=\"number\">\(number)</span>\(HTMLEscaping.escape(lines.text(ofLine: number)))</span>"
            }
            html += "</pre>\n"
        }
        return html + "</div>\n"
    }

    private func explanations(_ findings: FindingTally) -> String {
        let fired = Set(findings.byRule.keys)
        let described = rules.filter { fired.contains($0.id) }
        guard !described.isEmpty else { return "" }
        var html = "<section id=\"rules\">\n<h2>Rules</h2>\n"
        for rule in described {
            html += "<section class=\"rule\" id=\"\(HTMLEscaping.anchor("rule", rule.id))\">\n"
                + "<h3>\(HTMLEscaping.escape(rule.id)) <span class=\"severity \(rule.defaultSeverity.rawValue)\">"
                + "\(rule.defaultSeverity.rawValue)</span></h3>\n"
                + "<p>\(HTMLEscaping.escape(rule.summary))</p>\n"
                + "<p><strong>Why:</strong> \(HTMLEscaping.escape(rule.rationale))</p>\n"
                + "<p><strong>Instead:</strong> \(HTMLEscaping.escape(rule.replacement))</p>\n"
                + "<p><a href=\"\(HTMLEscaping.escape(ToolIdentity.helpURI(forRule: rule.id)))\">Docs/Rules.md</a></p>\n"
                + "</section>\n"
        }
        return html + "</section>\n"
    }
}
