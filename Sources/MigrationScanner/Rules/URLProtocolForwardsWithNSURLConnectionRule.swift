/// Finds URL protocols whose `startLoading` forwards the request with NSURLConnection.
struct URLProtocolForwardsWithNSURLConnectionRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-forwards-with-nsurlconnection",
        defaultSeverity: .warning,
        summary: "An NSURLProtocol / URLProtocol subclass whose startLoading creates an NSURLConnection.",
        rationale: "The forwarding connection is deprecated and shares nothing with the sessions the protocol serves (seed 002).",
        replacement: "forward with a URLSession owned by the protocol",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                @interface CachingProtocol : NSURLProtocol
                @end
                @implementation CachingProtocol
                - (void)startLoading {
                    self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self];
                }
                @end
                """),
            RuleExample(.swift, """
                class CachingProtocol: URLProtocol {
                    override func startLoading() {
                        connection = NSURLConnection(request: request, delegate: self)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                class CachingProtocol: URLProtocol {
                    override func startLoading() {
                        task = session.dataTask(with: request)
                        task?.resume()
                    }
                }
                """),
            RuleExample(.swift, """
                class Loader {
                    func startLoading() { connection = NSURLConnection(request: request, delegate: self) }
                }
                """),
        ])

    static let requiredWords = WordSet([.NSURLConnection])

    /// Forwarding from startLoading is the creation, with the reason it matters in a protocol.
    static let foldedRules: Set<String> = ["nsurlconnection-create"]

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        var matches: [RuleMatch] = []
        for subclass in URLProtocolSubclass.all(in: file) {
            for method in subclass.methods(named: .startLoading, in: stream) {
                guard let body = method.body else { continue }
                for index in body where stream.isWord(index, .NSURLConnection)
                    && ConnectionUse.classify(index, in: stream) == .creation {
                    matches.append(RuleMatch(
                        token: index,
                        message: "startLoading forwards the request with NSURLConnection; \(Self.description.replacement)"))
                }
            }
        }
        return matches
    }
}
