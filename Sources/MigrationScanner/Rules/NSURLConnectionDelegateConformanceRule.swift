/// Finds types, extensions and protocols adopting the NSURLConnection delegate protocols.
struct NSURLConnectionDelegateConformanceRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-delegate-conformance",
        defaultSeverity: .warning,
        summary: "Adopts NSURLConnectionDelegate, NSURLConnectionDataDelegate or NSURLConnectionDownloadDelegate.",
        rationale: "The protocols go away with NSURLConnection; the type's delegate methods must move with them.",
        replacement: "URLConnection*Delegate (shim) or URLSessionDataDelegate",
        triggeringExamples: [
            RuleExample(.objectiveC, "@interface Loader : NSObject <NSURLConnectionDataDelegate>\n@end"),
            RuleExample(.objectiveC, "@interface Loader () <NSURLConnectionDelegate,\n                     NSURLConnectionDataDelegate>\n@end"),
            RuleExample(.objectiveC, "@protocol LoaderDelegate <NSObject, NSURLConnectionDelegate>\n@end"),
            RuleExample(.swift, "class Loader: NSObject, NSURLConnectionDataDelegate { }"),
            RuleExample(.swift, "extension Loader: NSURLConnectionDelegate { }"),
            RuleExample(.swift, "final class Loader: NSObject,\n    NSURLConnectionDelegate,\n    NSURLConnectionDownloadDelegate {\n}"),
            RuleExample(.swift, "protocol Loading: NSURLConnectionDataDelegate { }"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "class Loader: NSObject, URLConnectionDataDelegate { }"),
            RuleExample(.swift, "class Loader: NSObject, URLSessionDataDelegate { }"),
            RuleExample(.objectiveC, "// @interface Loader : NSObject <NSURLConnectionDataDelegate>"),
            RuleExample(.objectiveC, "@interface Loader : NSObject <NSURLConnectionDataDelegateShim>\n@end"),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? = "NSURLSessionDataDelegate (migrate-scan --fix moves the delegate class)"
    static let fixedBy: FixedTargets = [.swift, .objectiveC]
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 10, judged: 10, correct: 10, trueSites: 9, reportedSites: 9)

    static let requiredWords = WordSet([.NSURLConnectionDelegate, .NSURLConnectionDataDelegate, .NSURLConnectionDownloadDelegate])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        var matches: [RuleMatch] = []
        for type in file.structure.types {
            for index in type.inherited {
                guard let word = stream.word(index), Self.requiredWords.contains(word) else { continue }
                let shimName = String(word.spelling.dropFirst(2))
                matches.append(RuleMatch(
                    token: index,
                    finding: "\(stream.text(type.name)) adopts \(word.spelling)",
                    advice: .use("\(shimName) (shim) or URLSessionDataDelegate")))
            }
        }
        return matches
    }
}
