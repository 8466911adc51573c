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
}
