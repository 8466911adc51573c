/// Each rule's precision on public code of the NSURLConnection era, as `.ci/corpus-precision`
/// measured it: what Docs/Rules.md shows, so a rule's severity can be judged against it.
///
/// The repositories and commits are `Tests/MigrationScannerTests/.real-corpus/repositories.tsv`; the
/// judgements, written by reading the code, `labels.tsv` beside it. Rerun the script after changing
/// a rule and copy its table here.
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
    }

    /// What the numbers were measured on.
    static let corpus = "15 public repositories at fixed commits: AFNetworking 2.6.3, ASIHTTPRequest 1.8.1, "
        + "MKNetworkKit 0.87, netfox 1.12.1, PonyDebugger 0.4.5, Facebook iOS SDK 3.24.1, SDWebImage 3.7.6, "
        + "RestKit 0.20.3, OHHTTPStubs 4.7.1, CocoaHTTPServer 2.3, RNCryptor 2.2, Reachability 3.2, Alamofire 2.0.2, "
        + "SwiftHTTP 1.0.6, ReactiveCocoa 2.5 (Objective-C and Swift, 1,641 source files)"

    /// Rule id → measurement; a rule absent here made no finding on the corpus.
    static let byRule: [String: Measurement] = [
        "nsurlconnection-create": Measurement(findings: 15, judged: 15, correct: 15),
        "nsurlconnection-send-synchronous": Measurement(findings: 5, judged: 5, correct: 5),
        "nsurlconnection-send-asynchronous": Measurement(findings: 14, judged: 14, correct: 14),
        "nsurlconnection-reference": Measurement(findings: 71, judged: 71, correct: 71),
        "nsurlconnection-delegate-conformance": Measurement(findings: 7, judged: 7, correct: 7),
        "nsurlconnection-delegate-method": Measurement(findings: 51, judged: 51, correct: 51),
        "afnetworking-connection-operation": Measurement(findings: 257, judged: 30, correct: 30),
        "asihttprequest": Measurement(findings: 785, judged: 51, correct: 51),
        "uiwebview": Measurement(findings: 17, judged: 9, correct: 9),
        "session-per-request": Measurement(findings: 1, judged: 1, correct: 1),
        "urlprotocol-classes-replaced": Measurement(findings: 2, judged: 2, correct: 2),
        "urlprotocol-inventory": Measurement(findings: 16, judged: 16, correct: 16),
        "trust-all-certificates": Measurement(findings: 6, judged: 6, correct: 6),
    ]

    /// `100% (51 of 51 judged, 785 found)`, or `no finding` for a rule the corpus never triggered.
    static func cell(for measurement: Measurement?) -> String {
        guard let measurement, measurement.judged > 0 else { return "no finding" }
        let percent = Double(measurement.correct) / Double(measurement.judged) * 100
        let rounded = (percent * 10).rounded() / 10
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(number)% (\(measurement.correct) of \(measurement.judged) judged, \(measurement.findings) found)"
    }
}
