/// One rule's precision and recall on public code of the NSURLConnection era, as
/// `.ci/corpus-precision` measured them: what Docs/Rules.md shows, so a rule's severity can be
/// judged against it.
///
/// The repositories and commits are `Tests/MigrationScannerTests/.real-corpus/repositories.tsv`; the
/// judgements of findings, written by reading the code, `labels.tsv` beside it; the broad search per
/// rule that recall starts from, `recall-searches.tsv`, and the judgements of what it matched,
/// `recall-labels.tsv`. Rerun the script after changing a rule and copy its row into the rule's
/// `measured` (and `knownMisses`).
package struct CorpusMeasurement: Sendable, Equatable {
    /// Findings on the whole corpus.
    package var findings: Int
    /// Findings with a label (every one for most rules; a sample, the first of each file, for the
    /// rules that report every mention of a class).
    var judged: Int
    /// Judged findings labelled true.
    var correct: Int
    /// Lines of the rule's broad search judged to be sites the rule should report.
    var trueSites: Int = 0
    /// Those of them the rule reports.
    var reportedSites: Int = 0

    /// What the numbers were measured on.
    static let corpus = "17 public repositories at fixed commits: AFNetworking 2.6.3, ASIHTTPRequest 1.8.1, "
        + "MKNetworkKit 0.87, netfox 1.12.1, PonyDebugger 0.4.5, Facebook iOS SDK 3.24.1, SDWebImage 3.7.6, "
        + "RestKit 0.20.3, OHHTTPStubs 4.7.1, CocoaHTTPServer 2.3, RNCryptor 2.2, Reachability 3.2, Alamofire 2.0.2, "
        + "SwiftHTTP 1.0.6, ReactiveCocoa 2.5, three20 1.0.12, RestKit 0.27.3 (Objective-C and Swift, 2,746 source files)"

    /// `100% (51 of 51 judged, 785 found)`, or `no finding` for a rule the corpus never triggered.
    static func cell(for measurement: CorpusMeasurement?) -> String {
        guard let measurement, measurement.judged > 0 else { return "no finding" }
        return "\(percentage(measurement.correct, of: measurement.judged)) (\(measurement.correct) of \(measurement.judged) judged, \(measurement.findings) found)"
    }

    /// `50% (1 of 2 true sites)`, or `no true site` for a rule whose broad search found none.
    static func recallCell(for measurement: CorpusMeasurement?) -> String {
        guard let measurement, measurement.trueSites > 0 else { return "no true site" }
        return "\(percentage(measurement.reportedSites, of: measurement.trueSites)) (\(measurement.reportedSites) of \(measurement.trueSites) true sites)"
    }

    /// `part` of `whole` as a percentage to one decimal, without a trailing `.0`: `88.9%`, `100%`.
    private static func percentage(_ part: Int, of whole: Int) -> String {
        let rounded = (Double(part) / Double(whole) * 100 * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }
}
