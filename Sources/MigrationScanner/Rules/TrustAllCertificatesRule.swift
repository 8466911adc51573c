/// Finds code that accepts any server certificate.
struct TrustAllCertificatesRule: Rule {
    static let description = RuleDescription(
        id: "trust-all-certificates",
        defaultSeverity: .error,
        summary: "Answers a server-trust challenge with credentialForTrust: / URLCredential(trust:) without evaluating the trust, or uses setAllowsAnyHTTPSCertificate:forHost: / allowsAnyHTTPSCertificateForHost.",
        rationale: "It disables TLS server authentication: anyone on the path can read and change the traffic.",
        replacement: "evaluate the trust with SecTrustEvaluateWithError (and pin if needed), or use .performDefaultHandling",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
                    [ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];
                }
                """),
            RuleExample(.objectiveC, "[NSURLRequest setAllowsAnyHTTPSCertificate:YES forHost:url.host];"),
            RuleExample(.objectiveC, "+ (BOOL)allowsAnyHTTPSCertificateForHost:(NSString *)host { return YES; }"),
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    completionHandler(.useCredential, URLCredential(trust: challenge.protectionSpace.serverTrust!))
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
                        return completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }
                """),
            RuleExample(.swift, "completionHandler(.performDefaultHandling, nil)"),
            RuleExample(.swift, "let names: [Selector] = [.setAllowsAnyHTTPSCertificate, .credentialForTrust]"),
            RuleExample(.objectiveC, "NSURLCredential *c = [NSURLCredential credentialWithUser:u password:p persistence:NSURLCredentialPersistenceNone];"),
        ])

    static let requiredWords = WordSet([
        .credentialForTrust, .initWithTrust, .URLCredential, .NSURLCredential, .setAllowsAnyHTTPSCertificate,
        .allowsAnyHTTPSCertificateForHost,
    ])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        // A call or declaration, not the bare name: Objective-C `name:`, Swift `name(`.
        let callOpener: Unicode.Scalar = stream.language == .objectiveC ? ":" : "("
        return file.occurrences(of: Self.requiredWords).compactMap { index in
            switch stream.word(index) {
            case .setAllowsAnyHTTPSCertificate, .allowsAnyHTTPSCertificateForHost:
                guard stream.isPunctuation(index + 1, callOpener) else { return nil }
                return RuleMatch(
                    token: index, message: "\(stream.text(index)) accepts any certificate; \(Self.description.replacement)")
            case .credentialForTrust, .initWithTrust:
                guard stream.isPunctuation(index + 1, callOpener) else { return nil }
            default:
                guard stream.isPunctuation(index + 1, "("), stream.isWord(index + 2, .trust) || stream.isWord(index + 2, .forTrust)
                else { return nil }
            }
            if let method = file.structure.enclosingMethod(of: index), let body = method.body,
               body.contains(where: { stream.hasPrefix($0, "SecTrustEvaluate") }) {
                return nil
            }
            return RuleMatch(
                token: index,
                message: "The server trust is accepted without evaluating it; \(Self.description.replacement)")
        }
    }
}
