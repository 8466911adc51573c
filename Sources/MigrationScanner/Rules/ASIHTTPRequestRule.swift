/// Uses ASIHTTPRequest, ASIFormDataRequest or ASINetworkQueue.
struct ASIHTTPRequestRule: Rule {
    static let description = RuleDescription(
        id: "asihttprequest",
        defaultSeverity: .warning,
        summary: "Uses ASIHTTPRequest, ASIFormDataRequest or ASINetworkQueue.",
        rationale: "ASIHTTPRequest is CFNetwork-based, unmaintained since 2011, and invisible to URLProtocol.",
        replacement: "URLSession",
        triggeringExamples: [
            RuleExample(.objectiveC, "ASIHTTPRequest *request = [ASIHTTPRequest requestWithURL:url];"),
            RuleExample(.objectiveC, "ASIFormDataRequest *form = [ASIFormDataRequest requestWithURL:url];"),
            RuleExample(.objectiveC, "self.queue = [[ASINetworkQueue alloc] init];"),
            RuleExample(.swift, "let request = ASIHTTPRequest(url: url)"),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, "// ASIHTTPRequest was replaced"),
            RuleExample(.objectiveC, "MyASIHTTPRequestWrapper *w = nil;"),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 785, judged: 51, correct: 51, trueSites: 785, reportedSites: 785)

    static let requiredWords = WordSet([.ASIHTTPRequest, .ASIFormDataRequest, .ASINetworkQueue, .ASIHTTPRequestDelegate])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        // `ASIHTTPRequest *r = [ASIHTTPRequest requestWithURL:u];` is one use, reported once.
        file.firstOccurrencesPerLine(of: Self.requiredWords).map { index in
            RuleMatch(
                token: index,
                finding: "\(file.stream.text(index)) is unmaintained and invisible to URLProtocol", advice: .use(Self.description.replacement))
        }
    }
}
