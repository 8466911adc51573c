/// Finds URL protocols reading the request's `HTTPBody`.
struct URLProtocolReadsHTTPBodyRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-reads-httpbody",
        defaultSeverity: .warning,
        summary: "Reads HTTPBody / httpBody of the request inside a URLProtocol subclass.",
        rationale: "For requests sent through URLSession the body arrives as a stream and HTTPBody is nil.",
        replacement: "read httpBodyStream (HTTPBodyStream)",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                @implementation LogProtocol
                + (BOOL)canInitWithRequest:(NSURLRequest *)request { return NO; }
                - (void)startLoading {
                    NSData *body = self.request.HTTPBody;
                    NSUInteger n = [[self.request HTTPBody] length];
                }
                @end
                """),
            RuleExample(.swift, """
                class LogProtocol: URLProtocol {
                    override func startLoading() { let body = request.httpBody ?? Data() }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                class LogProtocol: URLProtocol {
                    override func startLoading() { let stream = request.httpBodyStream }
                }
                """),
            RuleExample(.swift, "func upload() { let body = request.httpBody }"),
            RuleExample(.swift, """
                class LogProtocol: URLProtocol {
                    override func startLoading() { var copy = request; copy.httpBody = Data() }
                }
                """),
        ])

    static let requiredWords = WordSet([.HTTPBody, .httpBody])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let subclasses = URLProtocolSubclass.all(in: file)
        guard !subclasses.isEmpty else { return [] }
        return file.occurrences(of: Self.requiredWords).compactMap { index in
            guard !file.stream.isAssignment(index + 1), subclasses.contains(where: { $0.contains(index) }) else { return nil }
            return RuleMatch(
                token: index,
                finding: "\(file.stream.text(index)) is nil inside a URL protocol for bodies sent through URLSession",
                advice: .sentence(Self.description.replacement))
        }
    }
}
