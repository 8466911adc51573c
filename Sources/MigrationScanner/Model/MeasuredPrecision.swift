/// Each rule's precision and recall on public code of the NSURLConnection era, as
/// `.ci/corpus-precision` measured them: what Docs/Rules.md shows, so a rule's severity can be
/// judged against it.
///
/// The repositories and commits are `Tests/MigrationScannerTests/.real-corpus/repositories.tsv`; the
/// judgements of findings, written by reading the code, `labels.tsv` beside it; the broad search per
/// rule that recall starts from, `recall-searches.tsv`, and the judgements of what it matched,
/// `recall-labels.tsv`. Rerun the script after changing a rule and copy its tables here.
enum MeasuredPrecision {
    /// One rule's numbers on the corpus.
    struct Measurement: Sendable, Equatable {
        /// Findings on the whole corpus.
        var findings: Int
        /// Findings with a label (every one for most rules; a sample, the first of each file, for the
        /// rules that report every mention of a class).
        var judged: Int
        /// Judged findings labelled true.
        var correct: Int
        /// Lines of the rule's broad search judged to be sites the rule should report.
        var trueSites: Int = 0
        /// Those of them the rule reports.
        var reportedSites: Int = 0
    }

    /// What the numbers were measured on.
    static let corpus = "15 public repositories at fixed commits: AFNetworking 2.6.3, ASIHTTPRequest 1.8.1, "
        + "MKNetworkKit 0.87, netfox 1.12.1, PonyDebugger 0.4.5, Facebook iOS SDK 3.24.1, SDWebImage 3.7.6, "
        + "RestKit 0.20.3, OHHTTPStubs 4.7.1, CocoaHTTPServer 2.3, RNCryptor 2.2, Reachability 3.2, Alamofire 2.0.2, "
        + "SwiftHTTP 1.0.6, ReactiveCocoa 2.5 (Objective-C and Swift, 1,641 source files)"

    /// Rule id → measurement; a rule absent here made no finding and has no true site on the corpus.
    static let byRule: [String: Measurement] = [
        "nsurlconnection-create": Measurement(findings: 15, judged: 15, correct: 15, trueSites: 15, reportedSites: 15),
        "nsurlconnection-send-synchronous": Measurement(findings: 5, judged: 5, correct: 5, trueSites: 5, reportedSites: 5),
        "nsurlconnection-send-asynchronous": Measurement(findings: 14, judged: 14, correct: 14, trueSites: 14, reportedSites: 14),
        "nsurlconnection-reference": Measurement(findings: 71, judged: 71, correct: 71, trueSites: 71, reportedSites: 71),
        "nsurlconnection-delegate-conformance": Measurement(findings: 7, judged: 7, correct: 7, trueSites: 6, reportedSites: 6),
        "nsurlconnection-delegate-method": Measurement(findings: 51, judged: 51, correct: 51, trueSites: 51, reportedSites: 51),
        "afnetworking-connection-operation": Measurement(findings: 291, judged: 35, correct: 35, trueSites: 291, reportedSites: 291),
        "asihttprequest": Measurement(findings: 785, judged: 51, correct: 51, trueSites: 785, reportedSites: 785),
        "uiwebview": Measurement(findings: 17, judged: 9, correct: 9, trueSites: 17, reportedSites: 17),
        "session-per-request": Measurement(findings: 1, judged: 1, correct: 1, trueSites: 2, reportedSites: 1),
        "urlprotocol-classes-replaced": Measurement(findings: 2, judged: 2, correct: 2, trueSites: 2, reportedSites: 2),
        "urlprotocol-inventory": Measurement(findings: 16, judged: 16, correct: 16, trueSites: 16, reportedSites: 16),
        "trust-all-certificates": Measurement(findings: 6, judged: 6, correct: 6, trueSites: 6, reportedSites: 6),
    ]

    /// Rule id → the true sites of the corpus the rule does not report, each with the reason.
    static let knownMisses: [String: [String]] = [
        "session-per-request": [
            "netfox 1.12.1, `netfox/Core/NFXProtocol.swift` line 67: `startLoading` creates a delegate session "
                + "behind `if session == nil`, which the rule reads as a session created once and reused; it is one "
                + "session per request only because each URLProtocol instance serves one request, which the rule "
                + "does not model."
        ]
    ]

    /// `100% (51 of 51 judged, 785 found)`, or `no finding` for a rule the corpus never triggered.
    static func cell(for measurement: Measurement?) -> String {
        guard let measurement, measurement.judged > 0 else { return "no finding" }
        return "\(percentage(measurement.correct, of: measurement.judged)) (\(measurement.correct) of \(measurement.judged) judged, \(measurement.findings) found)"
    }

    /// `50% (1 of 2 true sites)`, or `no true site` for a rule whose broad search found none.
    static func recallCell(for measurement: Measurement?) -> String {
        guard let measurement, measurement.trueSites > 0 else { return "no true site" }
        return "\(percentage(measurement.reportedSites, of: measurement.trueSites)) (\(measurement.reportedSites) of \(measurement.trueSites) true sites)"
    }

    /// `part` of `whole` as a percentage to one decimal, without a trailing `.0`: `88.9%`, `100%`.
    private static func percentage(_ part: Int, of whole: Int) -> String {
        let rounded = (Double(part) / Double(whole) * 100 * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }
}
