/// Finds NSURLConnection objects being created.
struct NSURLConnectionCreateRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-create",
        defaultSeverity: .warning,
        summary: "Creates an NSURLConnection.",
        rationale: "NSURLConnection is deprecated since iOS 9 and macOS 10.11 and missing from swift-corelibs-foundation; "
            + "new connections should not be written against it.",
        replacement: ConnectionAPICatalogue.initWithRequest.swiftAdvice,
        triggeringExamples: [
            RuleExample(.objectiveC, "self.conn = [[NSURLConnection alloc] initWithRequest:req delegate:self];"),
            RuleExample(.objectiveC, "[[NSURLConnection alloc]\n    initWithRequest:req delegate:self];"),
            RuleExample(.objectiveC, "#define MAKE_CONNECTION(r, d) [[NSURLConnection alloc] initWithRequest:(r) delegate:(d)]"),
            RuleExample(.objectiveC, "NSURLConnection *c = [NSURLConnection connectionWithRequest:req delegate:self];"),
            RuleExample(.objectiveC, "#if 0\nid c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];\n#endif"),
            RuleExample(.swift, "let c = NSURLConnection(request: req, delegate: self, startImmediately: false)"),
            RuleExample(.swift, "let c = NSURLConnection(request: req, delegate: self)!"),
            RuleExample(.swift, "connection = NSURLConnection(\n    request: request,\n    delegate: self)"),
            RuleExample(.swift, #"print("\(NSURLConnection(request: r, delegate: nil) == nil)")"#),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, "// [[NSURLConnection alloc] initWithRequest:req delegate:self]"),
            RuleExample(.swift, "let created = source.contains(/NSURLConnection\\(request:/)"),
            RuleExample(.objectiveC, #"NSLog(@"[[NSURLConnection alloc] initWithRequest:]");"#),
            RuleExample(.objectiveC, "self.conn = [[URLConnection alloc] initWithRequest:req delegate:self];"),
            RuleExample(.swift, "let c = URLConnection(request: req, delegate: self)"),
            RuleExample(.swift, ##"let s = #"NSURLConnection("raw")"#"##),
            RuleExample(.swift, "let stats = NSURLConnectionStats(request: req)"),
            // One finding at this site, urlprotocol-forwards-with-nsurlconnection's.
            RuleExample(.swift, """
                class CachingProtocol: URLProtocol {
                    override func startLoading() { connection = NSURLConnection(request: request, delegate: self) }
                }
                """),
            RuleExample(.swift, "/* outer /* nested NSURLConnection(request: r, delegate: nil) */ still a comment */"),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? = ConnectionAPICatalogue.initWithRequest.objectiveCAdvice
    static let fixedBy: FixedTargets = [.swift, .objectiveC]
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 17, judged: 17, correct: 17, trueSites: 17, reportedSites: 17)

    static let requiredWords = WordSet([.NSURLConnection])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        file.occurrences(of: .NSURLConnection).compactMap { index in
            guard ConnectionUse.classify(index, in: file.stream) == .creation else { return nil }
            return RuleMatch(token: index, finding: "NSURLConnection is created here", advice: .use(Self.description.replacement))
        }
    }
}
