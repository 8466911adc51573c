/// Recognises implementations and declarations of NSURLConnection delegate methods
/// (`DelegateMethodCatalogue` names what each one becomes).
enum ConnectionDelegateMethod {
    private static let swiftBaseNames = WordSet([
        .connection, .connectionDidFinishLoading, .connectionShouldUseCredentialStorage,
        .connectionDidResumeDownloading, .connectionDidFinishDownloading,
    ])

    /// The Objective-C selector of the delegate method `method` implements, or nil when it is
    /// not one. The first parameter must be an `NSURLConnection`, or one of `connectionSubclasses`
    /// (names of its subclasses): other `connection:…` methods are not these.
    static func selector(of method: MethodSpan, in stream: TokenStream, connectionSubclasses: Set<String> = []) -> String? {
        guard !method.isFunction else { return nil }
        let takesConnection = method.parameter(0, hasType: .NSURLConnection, in: stream)
            || (!connectionSubclasses.isEmpty && method.parameters.first.map { parameter in
                parameter.type.contains { stream.isIdentifier($0) && connectionSubclasses.contains(stream.text($0)) }
            } == true)
        guard takesConnection else { return nil }
        let selector: String
        switch stream.language {
        case .objectiveC:
            selector = method.selector(in: stream)
        case .swift:
            guard let base = stream.word(method.name), swiftBaseNames.contains(base) else { return nil }
            selector = objectiveCSelector(swiftBase: base, method: method, stream: stream)
        }
        return DelegateMethodCatalogue.bySelector[selector] == nil ? nil : selector
    }

    /// Maps Swift 3+ names (`connection(_:didReceive:)`, response or data by parameter type)
    /// and Swift 1/2 names (`connection(_:didReceiveResponse:)`) to the Objective-C selector.
    private static func objectiveCSelector(swiftBase base: Word, method: MethodSpan, stream: TokenStream) -> String {
        var pieces = [base.spelling]
        for (position, parameter) in method.parameters.enumerated().dropFirst() {
            var label = parameter.label.map { stream.text($0) } ?? "_"
            if position == 1 && base == .connection {
                let typeNames = parameter.type.map { stream.text($0) }
                let isChallenge = typeNames.contains { $0.hasSuffix("URLAuthenticationChallenge") }
                switch label {
                case "didReceive":
                    if isChallenge {
                        label = "didReceiveAuthenticationChallenge"
                    } else if typeNames.contains(where: { $0 == "Data" || $0 == "NSData" }) {
                        label = "didReceiveData"
                    } else {
                        label = "didReceiveResponse"
                    }
                case "willSend":
                    label = isChallenge ? "willSendRequestForAuthenticationChallenge" : "willSendRequest"
                case "willSendRequestFor":
                    label = "willSendRequestForAuthenticationChallenge"
                case "didCancel":
                    label = "didCancelAuthenticationChallenge"
                case "canAuthenticateAgainst":
                    label = "canAuthenticateAgainstProtectionSpace"
                default:
                    break
                }
            }
            pieces.append(label)
        }
        return pieces.map { $0 + ":" }.joined()
    }
}
