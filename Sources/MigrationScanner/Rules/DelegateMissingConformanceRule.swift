/// Finds Swift classes that implement NSURLConnection delegate methods without adopting the
/// protocol that declares them: after migration to URLConnectionShim they receive nothing.
struct DelegateMissingConformanceRule: Rule {
    static let description = RuleDescription(
        id: "delegate-missing-conformance",
        defaultSeverity: .warning,
        summary: "A Swift class implements NSURLConnection data, download or delegate methods without adopting the protocol that declares them.",
        rationale: "NSURLConnection found delegate methods at run time by selector, so a class adopting only "
            + "NSURLConnectionDelegate, or nothing but NSObject, received connection(_:didReceive:) and "
            + "connectionDidFinishLoading(_:). URLConnectionShim calls each method through the Swift protocol that "
            + "declares it: once renamed, such a class compiles and gets no callbacks at all.",
        replacement: "adopt URLConnectionDataDelegate (or URLConnectionDownloadDelegate, URLConnectionDelegate) "
            + "(migrate-scan --fix adds it)",
        triggeringExamples: [
            RuleExample(.swift, """
                class Loader: NSObject, NSURLConnectionDelegate {
                    func connection(connection: NSURLConnection!, didReceiveData data: NSData!) { }
                }
                """),
            RuleExample(.swift, """
                class Loader: NSObject {
                    func start(_ request: URLRequest) { connection = URLConnection(request: request, delegate: self) }
                    func connectionDidFinishLoading(_ connection: URLConnection) { }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                class Loader: NSObject, NSURLConnectionDataDelegate {
                    func connectionDidFinishLoading(connection: NSURLConnection!) { }
                }
                """),
            RuleExample(.swift, """
                class Loader: NSObject, URLConnectionDelegate {
                    func connection(_ connection: URLConnection, didFailWithError error: Error) { }
                }
                """),
            RuleExample(.swift, """
                class Base: NSObject, URLConnectionDataDelegate { }
                class Loader: Base {
                    func connectionDidFinishLoading(_ connection: URLConnection) { }
                }
                """),
        ])

    static let fixedBy: FixedTargets = [.swift]

    static let requiredWords = WordSet([
        .connection, .connectionDidFinishLoading, .connectionShouldUseCredentialStorage,
        .connectionDidResumeDownloading, .connectionDidFinishDownloading,
    ])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        MissingDelegateConformance.all(in: file).map { gap in
            let name = file.stream.text(gap.span.name)
            let unless = gap.superclassDeclaredElsewhere.map { " (unless \($0) adopts it)" } ?? ""
            return RuleMatch(
                token: gap.span.name,
                finding: "\(name) implements \(gap.selector) without adopting \(gap.needed.shimName)\(unless): "
                    + "URLConnectionShim calls it only through that protocol, where NSURLConnection found it at run time; "
                    + "adopt \(gap.needed.shimName)")
        }
    }
}
