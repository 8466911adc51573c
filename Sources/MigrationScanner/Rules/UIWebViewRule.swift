/// Uses UIWebView.
struct UIWebViewRule: Rule {
    static let description = RuleDescription(
        id: "uiwebview",
        defaultSeverity: .warning,
        summary: "Uses UIWebView.",
        rationale: "UIWebView is deprecated and the App Store rejects apps that use it.",
        replacement: "WKWebView; note its traffic bypasses URLProtocol (runs out of process)",
        triggeringExamples: [
            RuleExample(.objectiveC, "@property (nonatomic, weak) IBOutlet UIWebView *webView;"),
            RuleExample(.swift, "let webView = UIWebView(frame: .zero)"),
            RuleExample(.swift, "class Browser: UIViewController, UIWebViewDelegate { }"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "let webView = WKWebView(frame: .zero)"),
            RuleExample(.swift, "let hint = \"replace UIWebView\""),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 31, judged: 23, correct: 23, trueSites: 31, reportedSites: 31)

    static let requiredWords = WordSet([.UIWebView, .UIWebViewDelegate])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        // `ASIHTTPRequest *r = [ASIHTTPRequest requestWithURL:u];` is one use, reported once.
        file.firstOccurrencesPerLine(of: Self.requiredWords).map { index in
            RuleMatch(
                token: index,
                finding: "\(file.stream.text(index)) is deprecated and rejected by the App Store", advice: .use(Self.description.replacement))
        }
    }
}
