/// Finds every other use of the NSURLConnection type.
struct NSURLConnectionReferenceRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-reference",
        defaultSeverity: .note,
        summary: "Mentions the NSURLConnection type: a property, variable, parameter, cast or NSURLConnection.self (a note); "
            + "calls one of its class methods such as canHandleRequest: (a warning).",
        rationale: "Code typed against NSURLConnection keeps the deprecated class alive and does not build with "
            + "swift-corelibs-foundation.",
        replacement: "URLConnection (shim) or URLSessionTask",
        triggeringExamples: [
            RuleExample(.objectiveC, "@property (nonatomic, strong) NSURLConnection *connection;"),
            RuleExample(.objectiveC, "if ([NSURLConnection canHandleRequest:req]) { }"),
            RuleExample(.objectiveC, "@class NSURLConnection;"),
            RuleExample(.swift, #"print("\(NSURLConnection.self)")"#),
            RuleExample(.swift, "var connection: NSURLConnection?"),
            RuleExample(.swift, "let c = object as! NSURLConnection"),
            RuleExample(.swift, "if NSURLConnection.canHandle(request) { }"),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, #"NSLog(@"NSURLConnection finished");"#),
            RuleExample(.objectiveC, "NSURLConnectionStats *stats;"),
            RuleExample(.swift, "struct NSURLConnectionStats {}"),
            RuleExample(.swift, "let legacyCall = /NSURLConnection\\.sendSynchronousRequest/"),
            RuleExample(.swift, "var connection: URLConnection?"),
            RuleExample(.swift, "let c = NSURLConnection(request: req, delegate: self)"),
            // The parameter types of a delegate method are part of that rule's finding.
            RuleExample(.objectiveC, "@implementation L\n- (void)start { [NSURLConnection connectionWithRequest:r delegate:self]; }\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)connection { }\n@end"),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? = "NSURLSessionDataTask (migrate-scan --fix moves the delegate class)"
    static let fixedBy: FixedTargets = [.swift, .objectiveC]
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 82, judged: 82, correct: 82, trueSites: 82, reportedSites: 82)

    static let requiredWords = WordSet([.NSURLConnection])

    /// `[NSURLConnection canHandleRequest:…]` or `NSURLConnection.canHandle(…)`, not `NSURLConnection.self`.
    private static func receivesAMessage(_ index: Int, _ stream: TokenStream) -> Bool {
        switch stream.language {
        case .objectiveC:
            return stream.isPunctuation(index - 1, "[") && stream.isIdentifier(index + 1)
        case .swift:
            return stream.isPunctuation(index + 1, ".") && stream.isIdentifier(index + 2) && stream.isPunctuation(index + 3, "(")
        }
    }

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        // The parameter types of delegate methods are part of that rule's finding.
        var delegateSignatureTokens: Set<Int> = []
        for (method, _) in ConnectionDelegateTypes.delegateMethods(in: file) {
            for parameter in method.parameters { delegateSignatureTokens.formUnion(parameter.type) }
        }
        var lastLine: Int32 = 0
        return file.occurrences(of: .NSURLConnection).compactMap { index in
            guard ConnectionUse.classify(index, in: stream) == .reference, !delegateSignatureTokens.contains(index),
                  stream[index].line != lastLine else {
                return nil
            }
            // `NSURLConnection *c = (NSURLConnection *)x;` is one use, reported once.
            lastLine = stream[index].line
            // A type-only mention changes with the code that creates or drives the connection;
            // a class-method call is work of its own.
            guard Self.receivesAMessage(index, stream) else {
                return RuleMatch(token: index, finding: "NSURLConnection is deprecated", advice: .use(Self.description.replacement))
            }
            return RuleMatch(
                token: index, finding: "NSURLConnection class method called", advice: .use(Self.description.replacement), severity: .warning)
        }
    }
}
