/// Finds every other use of the NSURLConnection type.
struct NSURLConnectionReferenceRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-reference",
        defaultSeverity: .warning,
        summary: "Uses the NSURLConnection type: a property, variable, parameter, cast, canHandleRequest: or NSURLConnection.self.",
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
            RuleExample(.swift, "var connection: URLConnection?"),
            RuleExample(.swift, "let c = NSURLConnection(request: req, delegate: self)"),
            RuleExample(.objectiveC, "- (void)connectionDidFinishLoading:(NSURLConnection *)connection { }"),
        ])

    static let requiredWords = WordSet([.NSURLConnection])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        // The parameter types of delegate methods are part of that rule's finding.
        var delegateSignatureTokens: Set<Int> = []
        for method in file.structure.methods where ConnectionDelegateMethod.selector(of: method, in: stream) != nil {
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
            return RuleMatch(token: index, message: "NSURLConnection is deprecated; use \(Self.description.replacement)")
        }
    }
}
