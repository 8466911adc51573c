/// Uses an AFNetworking 1–2 class built on NSURLConnection.
struct AFNetworkingConnectionOperationRule: Rule {
    static let description = RuleDescription(
        id: "afnetworking-connection-operation",
        defaultSeverity: .warning,
        summary: "Uses an AFNetworking 1–2 class built on NSURLConnection.",
        rationale: "AFURLConnectionOperation and the classes built on it run NSURLConnection underneath; AFNetworking 3 removed them.",
        replacement: "AFHTTPSessionManager or URLSession",
        triggeringExamples: [
            RuleExample(.objectiveC, "AFHTTPRequestOperationManager *manager = [AFHTTPRequestOperationManager manager];"),
            RuleExample(.objectiveC, "AFHTTPRequestOperation *op = [[AFHTTPRequestOperation alloc] initWithRequest:req];"),
            RuleExample(.objectiveC, "@interface Op : AFURLConnectionOperation\n@end"),
            RuleExample(.swift, "let op = AFJSONRequestOperation(request: req)"),
            // RestKit 0.20.3 (RKObjectManager.m) builds its manager on AFNetworking 1's AFHTTPClient,
            // which enqueues AFHTTPRequestOperations.
            RuleExample(.objectiveC, "RKObjectManager *manager = [[self alloc] initWithHTTPClient:[AFHTTPClient clientWithBaseURL:baseURL]];"),
            // AFNetworking 2.6.3's tests of the 1.x API (AFImageRequestOperationTests.m).
            RuleExample(.objectiveC, "AFImageRequestOperation *operation = [[AFImageRequestOperation alloc] initWithRequest:request];"),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, "AFHTTPSessionManager *manager = [AFHTTPSessionManager manager];"),
            RuleExample(.objectiveC, "#import \"AFHTTPRequestOperation.h\""),
            RuleExample(.swift, "let name = \"AFHTTPRequestOperationManager\""),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 291, judged: 35, correct: 35, trueSites: 291, reportedSites: 291)

    static let requiredWords = WordSet([
        .AFURLConnectionOperation, .AFHTTPRequestOperation, .AFHTTPRequestOperationManager, .AFJSONRequestOperation,
        .AFHTTPClient, .AFImageRequestOperation, .AFXMLRequestOperation, .AFPropertyListRequestOperation,
    ])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        // `ASIHTTPRequest *r = [ASIHTTPRequest requestWithURL:u];` is one use, reported once.
        file.firstOccurrencesPerLine(of: Self.requiredWords).map { index in
            RuleMatch(
                token: index,
                finding: "\(file.stream.text(index)) runs on NSURLConnection", advice: .use(Self.description.replacement))
        }
    }
}
