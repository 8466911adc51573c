/// Finds `sendAsynchronousRequest:queue:completionHandler:`.
struct NSURLConnectionSendAsynchronousRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-send-asynchronous",
        defaultSeverity: .warning,
        summary: "Sends an asynchronous NSURLConnection request with a completion handler.",
        rationale: "NSURLConnection is deprecated; the URLSession equivalent is a one-line change, but its completion "
            + "handler runs on the session's delegate queue, not the queue passed here.",
        replacement: ConnectionAPICatalogue.sendAsynchronousRequest.swiftAdvice,
        triggeringExamples: [
            RuleExample(.objectiveC, """
                [NSURLConnection sendAsynchronousRequest:req
                                                   queue:[NSOperationQueue mainQueue]
                                       completionHandler:^(NSURLResponse *r, NSData *d, NSError *e) { }];
                """),
            RuleExample(.swift, "NSURLConnection.sendAsynchronousRequest(req, queue: .main) { response, data, error in }"),
            RuleExample(.swift, "NSURLConnection.sendAsynchronousRequest(req, queue: NSOperationQueue.mainQueue(), completionHandler: handler)"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "URLConnection.sendAsynchronousRequest(req, queue: .main) { _, _, _ in }"),
            RuleExample(.objectiveC, "// [NSURLConnection sendAsynchronousRequest:req queue:q completionHandler:h];"),
            RuleExample(.swift, "URLSession.shared.dataTask(with: req) { _, _, _ in }.resume()"),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? = ConnectionAPICatalogue.sendAsynchronousRequest.objectiveCAdvice
    static let fixedBy: FixedTargets = [.objectiveC]
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 14, judged: 14, correct: 14, trueSites: 14, reportedSites: 14)

    static let requiredWords = WordSet([.sendAsynchronousRequest])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        file.occurrences(of: .sendAsynchronousRequest).compactMap { index in
            guard ConnectionUse.receiver(ofSelector: index, in: file.stream) != nil else { return nil }
            return RuleMatch(token: index, finding: "Asynchronous NSURLConnection request", advice: .use(Self.description.replacement))
        }
    }
}
