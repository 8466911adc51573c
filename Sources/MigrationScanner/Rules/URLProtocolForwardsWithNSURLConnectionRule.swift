/// Finds URL protocols whose `startLoading` forwards the request with NSURLConnection, or with
/// the shim's URLConnection that replaces it (directly or through a function of the same file).
struct URLProtocolForwardsWithNSURLConnectionRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-forwards-with-nsurlconnection",
        defaultSeverity: .warning,
        summary: "An NSURLProtocol / URLProtocol subclass whose startLoading creates an NSURLConnection (or the shim's URLConnection).",
        rationale: "The forwarding connection is deprecated and shares nothing with the sessions the protocol serves.",
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
            RuleExample(.swift, """
                class CachingProtocol: URLProtocol {
                    override func startLoading() { connection = forwardingConnection(request: request, delegate: self) }
                }
                private func forwardingConnection(request: URLRequest, delegate: Any?) -> URLConnection? {
                    URLConnection(request: request, delegate: delegate, startImmediately: false)
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

    static let requiredWords = WordSet([.NSURLConnection, .URLConnection])

    /// Forwarding from startLoading is the creation, with the reason it matters in a protocol.
    static let foldedRules: Set<String> = ["nsurlconnection-create"]

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        var matches: [RuleMatch] = []
        let creation = ForwardingCreation(file: file)
        for subclass in URLProtocolSubclass.all(in: file) {
            // A nested startLoading (a half-edited file) lies in the outer one's body, whose sites include its own.
            for method in subclass.methods(named: .startLoading, in: stream).outermost {
                guard let body = method.body else { continue }
                for index in creation.sites(in: body) {
                    matches.append(RuleMatch(
                        token: index,
                        finding: "startLoading forwards the request with \(stream.text(index))", advice: .sentence(Self.description.replacement)))
                }
            }
        }
        return matches
    }
}
