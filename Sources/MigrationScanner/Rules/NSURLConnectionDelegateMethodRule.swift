/// Finds implementations and declarations of NSURLConnection delegate methods.
struct NSURLConnectionDelegateMethodRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-delegate-method",
        defaultSeverity: .warning,
        summary: "Implements or declares an NSURLConnection delegate method in a type that adopts an NSURLConnection delegate protocol, passes self as delegate:, or subclasses NSURLConnection.",
        rationale: "Each method has a URLSession counterpart with a different signature, sometimes with a completion "
            + "handler that must be called (didReceiveResponse).",
        replacement: "the URLSession delegate method it becomes (e.g. urlSession(_:dataTask:didReceive:completionHandler:) — call completionHandler(.allow))",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                @interface Loader : NSObject <NSURLConnectionDataDelegate>
                - (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)data;
                @end
                """),
            RuleExample(.objectiveC, """
                @implementation Loader
                - (void)start { self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self]; }
                - (void)connection:(NSURLConnection *)connection
                    didReceiveResponse:(NSURLResponse *)response {
                }
                - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
                @end
                """),
            RuleExample(.objectiveC, "@protocol Forwarding <NSURLConnectionDelegate>\n- (void)connection:(NSURLConnection *)c didFailWithError:(NSError *)error;\n@end"),
            // A delegate method typed with a subclass of NSURLConnection declared in the file.
            RuleExample(.objectiveC, """
                @interface TaggedConnection : NSURLConnection
                @end
                @implementation Loader
                - (void)start { self.connection = [[TaggedConnection alloc] initWithRequest:self.request delegate:self]; }
                - (void)connectionDidFinishLoading:(TaggedConnection *)connection { }
                @end
                """),
            RuleExample(.swift, """
                class Loader: NSObject, NSURLConnectionDataDelegate {
                    func connection(_ connection: NSURLConnection, didReceive data: Data) { }
                    func connectionDidFinishLoading(_ connection: NSURLConnection) { }
                    func connection(_ connection: NSURLConnection,
                                    willSend request: URLRequest,
                                    redirectResponse response: URLResponse?) -> URLRequest? { request }
                }
                """),
            // RestKit 0.20: overrides of a superclass's delegate methods, adopted in another file.
            RuleExample(.objectiveC, """
                @implementation RKHTTPRequestOperation
                - (void)connection:(NSURLConnection *)connection didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
                    [super connection:connection didReceiveAuthenticationChallenge:challenge];
                }
                @end
                """),
            RuleExample(.swift, """
                class Loader: NSObject {
                    func start() { connection = NSURLConnection(request: request, delegate: self) }
                    func connectionDidFinishLoading(_ connection: NSURLConnection) { }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, #"static NSString *const k = @"connectionDidFinishLoading:";"#),
            RuleExample(.objectiveC, "[self connectionDidFinishLoading:connection];"),
            RuleExample(.objectiveC, "- (void)connection:(GCDAsyncSocket *)sock didReceiveData:(NSData *)data { }"),
            // PonyDebugger 0.4.5: a category of helpers that take an NSURLConnection, in a type that is no delegate.
            RuleExample(.objectiveC, """
                @interface PDNetworkDomainController (NSURLConnectionHelpers)
                - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data;
                - (void)connectionDidFinishLoading:(NSURLConnection *)connection;
                @end
                """),
            RuleExample(.swift, "class Loader: NSObject, NSURLConnectionDataDelegate {\n    func connection(_ connection: URLConnection, didReceive data: Data) { }\n}"),
            RuleExample(.swift, "let s = #selector(connection(_:didReceive:))"),
            // Swift 1/2 labels: one finding at this site, delegate-signature-near-miss's.
            RuleExample(.swift, "class Loader: NSObject, NSURLConnectionDataDelegate {\n    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) { }\n}"),
            RuleExample(.swift, "func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { }"),
        ])

    static let fixedBy: FixedTargets = [.swift, .objectiveC]
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 71, judged: 71, correct: 71, trueSites: 71, reportedSites: 71)

    /// Every delegate method takes the connection (or a subclass declared with it) as its first parameter.
    static let requiredWords = WordSet([.NSURLConnection])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        ConnectionDelegateTypes.delegateMethods(in: file).compactMap { method, selector in
            guard let entry = DelegateMethodCatalogue.bySelector[selector] else { return nil }
            // Objective-C has no shim: a finding there names the NSURLSession method instead.
            return RuleMatch(
                token: method.name,
                finding: "NSURLConnection delegate method \(selector)", advice: .use(entry.swiftReplacement),
                objectiveCAdvice: "\(entry.objectiveCReplacement) (migrate-scan --fix rewrites it; \(ConnectionAPICatalogue.objectiveCGuide))")
        }
    }
}
