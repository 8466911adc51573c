/// Uses an AFNetworking 1–2 class built on NSURLConnection (or RestKit 0.27's AFRK-prefixed copy of one).
struct AFNetworkingConnectionOperationRule: Rule {
    static let description = RuleDescription(
        id: "afnetworking-connection-operation",
        defaultSeverity: .warning,
        summary: "Uses an AFNetworking 1–2 class built on NSURLConnection (or the AFRK-prefixed copy of one that RestKit 0.27 carries).",
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
            // RestKit 0.27.3 (RKObjectManager.m) vendors AFNetworking 1 with its classes renamed AFRK….
            RuleExample(.objectiveC, "RKObjectManager *manager = [[self alloc] initWithHTTPClient:[AFRKHTTPClient clientWithBaseURL:baseURL]];"),
            RuleExample(.objectiveC, "@interface RKHTTPRequestOperation : AFRKHTTPRequestOperation\n@end"),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, "AFHTTPSessionManager *manager = [AFHTTPSessionManager manager];"),
            RuleExample(.objectiveC, "#import \"AFHTTPRequestOperation.h\""),
            RuleExample(.swift, "let name = \"AFHTTPRequestOperationManager\""),
            // RestKit 0.27.3: a longer identifier that names no class.
            RuleExample(.objectiveC, "static NSString *RKMIMETypeFromAFHTTPClientParameterEncoding(AFRKHTTPClientParameterEncoding encoding);"),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 426, judged: 170, correct: 170, trueSites: 426, reportedSites: 426)

    static let requiredWords = WordSet([
        .AFURLConnectionOperation, .AFHTTPRequestOperation, .AFHTTPRequestOperationManager, .AFJSONRequestOperation,
        .AFHTTPClient, .AFImageRequestOperation, .AFXMLRequestOperation, .AFPropertyListRequestOperation,
        .AFRKURLConnectionOperation, .AFRKHTTPRequestOperation, .AFRKJSONRequestOperation, .AFRKHTTPClient,
        .AFRKImageRequestOperation, .AFRKXMLRequestOperation, .AFRKPropertyListRequestOperation,
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
