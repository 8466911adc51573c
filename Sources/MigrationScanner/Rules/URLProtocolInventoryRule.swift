/// Lists the URLProtocol code of a file: subclasses, registration and request properties.
struct URLProtocolInventoryRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-inventory",
        defaultSeverity: .note,
        summary: "Declares an NSURLProtocol / URLProtocol subclass, registers or unregisters one, or reads, sets or removes "
            + "a request property (propertyForKey:inRequest:, setProperty:forKey:inRequest:, removePropertyForKey:inRequest:).",
        rationale: "URL protocols see NSURLConnection and the shared session but not sessions built from custom "
            + "configurations, and request properties do not survive URLSession on Linux: every migration must review "
            + "this code.",
        replacement: "list the protocol in the protocolClasses of each URLSessionConfiguration whose requests it must see (never in "
            + "its own forwarding session's); on Linux keep request properties "
            + "with URLConnectionShim's RequestPropertyKey",
        triggeringExamples: [
            RuleExample(.objectiveC, "@interface CachingProtocol : NSURLProtocol\n@end"),
            RuleExample(.objectiveC, "[NSURLProtocol registerClass:[CachingProtocol class]];"),
            RuleExample(.objectiveC, "[NSURLProtocol unregisterClass:[CachingProtocol class]];"),
            RuleExample(.objectiveC, "[NSURLProtocol setProperty:@YES forKey:@\"Handled\" inRequest:mutableRequest];"),
            RuleExample(.objectiveC, "[NSURLProtocol removePropertyForKey:@\"Handled\" inRequest:mutableRequest];"),
            RuleExample(.swift, "final class Recorder: URLProtocol { }"),
            RuleExample(.swift, "if URLProtocol.property(forKey: \"handled\", in: request) != nil { return false }"),
            RuleExample(.swift, "URLProtocol.setProperty(true, forKey: \"handled\", in: mutableRequest)"),
            RuleExample(.swift, "URLProtocol.removeProperty(forKey: \"handled\", in: mutableRequest)"),
            RuleExample(.swift, "URLProtocol.unregisterClass(Recorder.self)"),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, "// [NSURLProtocol registerClass:[CachingProtocol class]];"),
            RuleExample(.objectiveC, "[defaults setProperty:value forKey:@\"k\"];"),
            RuleExample(.swift, "let p = URLProtocolStats()"),
            RuleExample(.swift, "view.setProperty(1, forKey: \"k\")"),
            RuleExample(.swift, "final class Recorder: NSObject, URLSessionDelegate { }"),
            // One finding at this site, urlprotocol-register-not-applied's.
            RuleExample(.swift, """
                URLProtocol.registerClass(CachingProtocol.self)
                let session = URLSession(configuration: URLSessionConfiguration.default)
                """),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? = "list the protocol in the protocolClasses of each NSURLSessionConfiguration whose "
        + "requests it must see (never in its own forwarding session's)"
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 16, judged: 16, correct: 16, trueSites: 16, reportedSites: 16)

    static let requiredWords = WordSet([.NSURLProtocol, .URLProtocol])
    private static let classMethods = WordSet([
        .registerClass, .unregisterClass, .propertyForKey, .property, .setProperty, .removeProperty, .removePropertyForKey,
    ])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        var matches: [RuleMatch] = []
        for type in file.structure.types {
            let superclass = type.likelySuperclass
            guard let superclass, stream.isWord(superclass, .NSURLProtocol) || stream.isWord(superclass, .URLProtocol) else { continue }
            matches.append(RuleMatch(
                token: type.name,
                finding: "\(stream.text(type.name)) is a URL protocol: it does not see sessions built from custom configurations",
                advice: .sentence(Self.description.replacement)))
        }
        for index in file.occurrences(of: Self.classMethods) where isCalledOnURLProtocol(index, stream) {
            matches.append(RuleMatch(
                token: index,
                finding: "URL protocol \(stream.text(index)) call to review in the migration", advice: .sentence(Self.description.replacement)))
        }
        return matches.sorted { $0.token < $1.token }
    }

    /// `[NSURLProtocol name:…]` or `URLProtocol.name(…)`.
    private func isCalledOnURLProtocol(_ index: Int, _ stream: TokenStream) -> Bool {
        let receiver: Int
        switch stream.language {
        case .objectiveC:
            guard stream.isPunctuation(index + 1, ":"), stream.isPunctuation(index - 2, "[") else { return false }
            receiver = index - 1
        case .swift:
            guard stream.isPunctuation(index + 1, "("), stream.isPunctuation(index - 1, ".") else { return false }
            receiver = index - 2
        }
        return stream.isWord(receiver, .NSURLProtocol) || stream.isWord(receiver, .URLProtocol)
    }
}
