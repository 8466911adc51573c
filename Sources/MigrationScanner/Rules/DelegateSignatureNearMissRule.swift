/// Finds Swift delegate methods whose signature is close to, but not, the one URLConnectionShim's
/// protocols declare: Swift 1/2 labels, `NSData`/`NSURLResponse!` parameter types.
struct DelegateSignatureNearMissRule: Rule {
    static let description = RuleDescription(
        id: "delegate-signature-near-miss",
        defaultSeverity: .warning,
        summary: "A Swift NSURLConnection delegate method whose labels or types differ from URLConnectionShim's protocol.",
        rationale: "The protocols' extensions supply a default for every method, so a method with Swift 1/2 labels "
            + "(didReceiveResponse:) or old types (NSData, NSURLResponse!) still compiles once NSURLConnection is "
            + "renamed, and is never called: the connection finishes and the class never sees the data.",
        replacement: "the declaration of URLConnectionDataDelegate / URLConnectionDelegate / URLConnectionDownloadDelegate "
            + "(migrate-scan --fix rewrites it)",
        triggeringExamples: [
            RuleExample(.swift, "func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) { }"),
            RuleExample(.swift, "func connection(_ connection: URLConnection, didReceiveData data: NSData) { }"),
            RuleExample(.swift, "func connectionDidFinishLoading(connection: URLConnection) { }"),
            RuleExample(.swift, "func connection(_ c: URLConnection, willSend request: NSURLRequest,\n    redirectResponse: URLResponse?) -> NSURLRequest? { request }"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "func connection(_ connection: URLConnection, didReceive response: URLResponse) { }"),
            RuleExample(.swift, "func connection(_ connection: NSURLConnection, didReceive data: Data) { }"),
            RuleExample(.swift, "func connection(_ socket: GCDAsyncSocket, didReceiveData data: NSData) { }"),
            RuleExample(.swift, "// func connection(connection: NSURLConnection!, didReceiveData data: NSData!) { }"),
        ])

    static let fixedBy: FixedTargets = [.swift]

    static let requiredWords = WordSet([
        .connection, .connectionDidFinishLoading, .connectionShouldUseCredentialStorage,
        .connectionDidResumeDownloading, .connectionDidFinishDownloading,
    ])

    /// The near miss names the declaration to write, which says more than the delegate-method finding.
    static let foldedRules: Set<String> = ["nsurlconnection-delegate-method"]

    func check(_ file: ScannedFile) -> [RuleMatch] {
        DelegateSignatureMatcher(file: file).mismatches().filter(\.isNearMiss).map { mismatch in
            RuleMatch(
                token: mismatch.nameToken,
                finding: "delegate method \(mismatch.selector) does not match URLConnectionShim's "
                    + "\(mismatch.expected.swiftName) and would never be called; declare \(mismatch.expectedDeclaration)")
        }
    }
}
