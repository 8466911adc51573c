/// Uses NSURLDownload or its delegate (macOS).
struct NSURLDownloadRule: Rule {
    static let description = RuleDescription(
        id: "nsurldownload",
        defaultSeverity: .warning,
        summary: "Uses NSURLDownload or its delegate (macOS).",
        rationale: "NSURLDownload is deprecated and built on the same loading machinery as NSURLConnection.",
        replacement: "URLSessionDownloadTask",
        triggeringExamples: [
            RuleExample(.objectiveC, "NSURLDownload *download = [[NSURLDownload alloc] initWithRequest:req delegate:self];"),
            RuleExample(.objectiveC, "@interface Fetcher : NSObject <NSURLDownloadDelegate>\n@end"),
            RuleExample(.swift, "let download = NSURLDownload(request: req, delegate: self)"),
            RuleExample(.swift, "func download(_ download: NSURLDownload, didReceive response: URLResponse) { }"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "let task = session.downloadTask(with: req)"),
            RuleExample(.objectiveC, "// NSURLDownload is gone"),
            RuleExample(.swift, "let d = NSURLDownloadProgress()"),
        ])

    static let requiredWords = WordSet([.NSURLDownload, .NSURLDownloadDelegate])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        // `ASIHTTPRequest *r = [ASIHTTPRequest requestWithURL:u];` is one use, reported once.
        file.firstOccurrencesPerLine(of: Self.requiredWords).map { index in
            RuleMatch(
                token: index,
                finding: "\(file.stream.text(index)) is deprecated", advice: .use(Self.description.replacement))
        }
    }
}
