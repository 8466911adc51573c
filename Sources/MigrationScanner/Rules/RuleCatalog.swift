/// Every rule the scanner knows, in the order they are listed and documented.
///
/// A namespace with no instances. Its lists are immutable and built once, on first use, so they
/// may be read from any thread.
public enum RuleCatalog {
    /// The rules' metadata, in catalogue order.
    ///
    /// These are the rules `SourceScanner` applies; each id is accepted by `SourceScanner(ruleIDs:)`,
    /// suppression comments and configuration files.
    public static let descriptions: [RuleDescription] = rules.map { type(of: $0).description }

    /// The registered rules; adding a rule is adding its type here.
    static let rules: [any Rule] = [
        NSURLConnectionCreateRule(),
        NSURLConnectionSendSynchronousRule(),
        NSURLConnectionSendAsynchronousRule(),
        NSURLConnectionReferenceRule(),
        NSURLConnectionDelegateConformanceRule(),
        NSURLConnectionDelegateMethodRule(),
        DelegateSignatureNearMissRule(),
        DelegateMissingConformanceRule(),
        NSURLDownloadRule(),
        AFNetworkingConnectionOperationRule(),
        ASIHTTPRequestRule(),
        UIWebViewRule(),
        ResponseCompletionNotCalledRule(),
        SessionPerRequestRule(),
        DelegateQueueNilUIRule(),
        DelegateQueueAfterStartRule(),
        URLProtocolForwardsWithNSURLConnectionRule(),
        URLProtocolMissingHandledTagRule(),
        URLProtocolReadsHTTPBodyRule(),
        URLProtocolClassesReplacedRule(),
        URLProtocolRegisterNotAppliedRule(),
        URLProtocolInventoryRule(),
        TrustAllCertificatesRule(),
        SemaphoreAroundTaskRule(),
    ]

    /// Rule id → precision and recall on the corpus, for the rules measured there (Docs/Rules.md).
    static let measured: [String: CorpusMeasurement] = Dictionary(uniqueKeysWithValues: rules.compactMap { rule in
        type(of: rule).measured.map { (type(of: rule).description.id, $0) }
    })

    /// Rule id → the corpus's true sites the rule misses, with reasons.
    static let knownMisses: [String: [String]] = Dictionary(uniqueKeysWithValues: rules.compactMap { rule in
        type(of: rule).knownMisses.isEmpty ? nil : (type(of: rule).description.id, type(of: rule).knownMisses)
    })

    /// The ids of the rules whose findings `--fix` resolves (or, with `.objectiveCNoted`, lists) in `targets`.
    package static func ids(fixedBy targets: FixedTargets) -> Set<String> {
        Set(rules.filter { !type(of: $0).fixedBy.isDisjoint(with: targets) }.map { type(of: $0).description.id })
    }
}
