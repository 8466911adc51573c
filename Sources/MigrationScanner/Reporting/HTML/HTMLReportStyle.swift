/// The HTML report's stylesheet, inlined in every page so the file stands alone.
enum HTMLReportStyle {
    static let css = """

        body { font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1000px; padding: 0 24px 48px; color: #1f2328; }
        h1 { margin: 24px 0 4px; } h2 { border-bottom: 1px solid #d0d7de; padding-bottom: 4px; margin-top: 32px; }
        .meta { color: #59636e; margin: 0 0 12px; }
        code, pre { font: 13px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
        .totals { display: flex; gap: 12px; list-style: none; padding: 0; flex-wrap: wrap; }
        .totals li { border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 14px; min-width: 90px; }
        .totals .count { display: block; font-size: 26px; font-weight: 600; }
        .totals .error .count, .severity.error, .finding.error .severity { color: #cf222e; }
        .totals .warning .count, .severity.warning, .finding.warning .severity { color: #9a6700; }
        .totals .note .count, .severity.note, .finding.note .severity { color: #0969da; }
        .incomplete { color: #cf222e; font-weight: 600; }
        svg.chart rect { fill: #4f7fd6; } svg.chart text { font-size: 12px; fill: #1f2328; } svg.chart a text { fill: #0969da; }
        table { border-collapse: collapse; margin-top: 12px; } th, td { border: 1px solid #d0d7de; padding: 4px 10px; text-align: left; }
        tfoot td { font-weight: 600; }
        .formula { color: #59636e; }
        .file h3 { margin-bottom: 6px; } .badge { background: #eaeef2; border-radius: 10px; padding: 0 8px; font-size: 12px; }
        .finding { border-left: 4px solid #d0d7de; padding: 2px 0 2px 10px; margin: 8px 0 14px; }
        .finding.error { border-color: #cf222e; } .finding.warning { border-color: #d4a72c; } .finding.note { border-color: #54aeff; }
        .finding p { margin: 0 0 4px; } .severity { font-weight: 600; text-transform: uppercase; font-size: 12px; }
        .location { color: #59636e; font-family: ui-monospace, Menlo, monospace; }
        a.rule { font-family: ui-monospace, Menlo, monospace; font-size: 13px; }
        pre.source { background: #f6f8fa; padding: 6px 0; margin: 0; overflow-x: auto; }
        pre.source > span { display: block; padding: 0 10px; } pre.source .hit { background: #fff8c5; }
        pre.source .number { display: inline-block; width: 4em; color: #8c959f; user-select: none; }
        section.rule { margin-bottom: 16px; }

        """
}
