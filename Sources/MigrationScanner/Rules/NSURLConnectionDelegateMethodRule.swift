/// Finds implementations and declarations of NSURLConnection delegate methods.
struct NSURLConnectionDelegateMethodRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-delegate-method",
        defaultSeverity: .warning,
        summary: "Implements or declares an NSURLConnection delegate method.",
        rationale: "Each method has a URLSession counterpart with a different signature, sometimes with a completion "
            + "handler that must be called (didReceiveResponse).",
        replacement: "the URLSession delegate method it becomes (e.g. urlSession(_:dataTask:didReceive:completionHandler:) — call completionHandler(.allow))",
        triggeringExamples: [
            RuleExample(.objectiveC, "- (void)connectionDidFinishLoading:(NSURLConnection *)connection { }"),
            RuleExample(.objectiveC, "- (void)connection:(NSURLConnection *)connection\n    didReceiveResponse:(NSURLResponse *)response {\n}"),
            RuleExample(.objectiveC, "@protocol P\n- (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)data;\n@end"),
            RuleExample(.swift, "func connection(_ connection: NSURLConnection, didReceive data: Data) { }"),
            RuleExample(.swift, "func connectionDidFinishLoading(_ connection: NSURLConnection) { }"),
            RuleExample(.swift, "func connection(_ connection: NSURLConnection,\n                willSend request: URLRequest,\n                redirectResponse response: URLResponse?) -> URLRequest? { request }"),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, #"static NSString *const k = @"connectionDidFinishLoading:";"#),
            RuleExample(.objectiveC, "[self connectionDidFinishLoading:connection];"),
            RuleExample(.objectiveC, "- (void)connection:(GCDAsyncSocket *)sock didReceiveData:(NSData *)data { }"),
            RuleExample(.swift, "func connection(_ connection: URLConnection, didReceive data: Data) { }"),
            RuleExample(.swift, "let s = #selector(connection(_:didReceive:))"),
            // Swift 1/2 labels: one finding at this site, delegate-signature-near-miss's.
            RuleExample(.swift, "func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) { }"),
            RuleExample(.swift, "func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { }"),
        ])

    /// Every delegate method takes the connection as its first parameter.
    static let requiredWords = WordSet([.NSURLConnection])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        return file.structure.methods.compactMap { method in
            guard let selector = ConnectionDelegateMethod.selector(of: method, in: stream),
                  let replacement = ConnectionDelegateMethod.replacements[selector] else { return nil }
            return RuleMatch(
                token: method.name,
                message: "NSURLConnection delegate method \(selector); use \(replacement)")
        }
    }
}
