/// Finds code that accepts any server certificate.
struct TrustAllCertificatesRule: Rule {
    static let description = RuleDescription(
        id: "trust-all-certificates",
        defaultSeverity: .error,
        summary: "Answers a server-trust challenge with credentialForTrust: / URLCredential(trust:) without evaluating the trust or after its evaluation failed, or uses setAllowsAnyHTTPSCertificate:forHost: / allowsAnyHTTPSCertificateForHost.",
        rationale: "It disables TLS server authentication: anyone on the path can read and change the traffic.",
        replacement: "evaluate the trust with SecTrustEvaluateWithError (and pin if needed), or use .performDefaultHandling",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
                    [ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];
                }
                """),
            // MKNetworkKit 0.87: the credential is used when the evaluation failed.
            RuleExample(.objectiveC, """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
                    SecTrustResultType result;
                    SecTrustEvaluate(ch.protectionSpace.serverTrust, &result);
                    if (result == kSecTrustResultProceed || result == kSecTrustResultUnspecified) {
                        [ch.sender performDefaultHandlingForAuthenticationChallenge:ch];
                    } else if (self.shouldContinueWithInvalidCertificate) {
                        [ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];
                    }
                }
                """),
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    let trust = challenge.protectionSpace.serverTrust!
                    if !SecTrustEvaluateWithError(trust, nil) {
                        completionHandler(.useCredential, URLCredential(trust: trust))
                    }
                }
                """),
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
                        return completionHandler(.useCredential, URLCredential(trust: challenge.protectionSpace.serverTrust!))
                    }
                    completionHandler(.performDefaultHandling, nil)
                }
                """),
            // RestKit's vendored AFNetworking 1 (AFRKURLConnectionOperation.m): the method evaluates
            // the trust, but not on the branch a property turns on.
            RuleExample(.objectiveC, """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
                    SecTrustRef serverTrust = challenge.protectionSpace.serverTrust;
                    if (self.allowsInvalidSSLCertificate) {
                        NSURLCredential *credential = [NSURLCredential credentialForTrust:serverTrust];
                        [[challenge sender] useCredential:credential forAuthenticationChallenge:challenge];
                    } else {
                        SecTrustResultType result = 0;
                        OSStatus status = SecTrustEvaluate(serverTrust, &result);
                        if (status == errSecSuccess && (result == kSecTrustResultUnspecified || result == kSecTrustResultProceed)) {
                            [[challenge sender] useCredential:[NSURLCredential credentialForTrust:serverTrust] forAuthenticationChallenge:challenge];
                        } else {
                            [[challenge sender] cancelAuthenticationChallenge:challenge];
                        }
                    }
                }
                """),
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
                    if configuration.trustAllCertificates {
                        return completionHandler(.useCredential, URLCredential(trust: trust))
                    }
                    completionHandler(SecTrustEvaluateWithError(trust, nil) ? .useCredential : .cancelAuthenticationChallenge, URLCredential(trust: trust))
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
            // AFNetworking 2.6.3: evaluation through the security policy's helper.
            RuleExample(.objectiveC, """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
                    if ([self.securityPolicy evaluateServerTrust:ch.protectionSpace.serverTrust forDomain:ch.protectionSpace.host]) {
                        NSURLCredential *credential = [NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust];
                        [[ch sender] useCredential:credential forAuthenticationChallenge:ch];
                    } else {
                        [[ch sender] cancelAuthenticationChallenge:ch];
                    }
                }
                """),
            // Alamofire 2: a trust policy evaluates the trust passed as its argument.
            RuleExample(.swift, """
                func urlSession(_ s: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    if let policy = policies[host], let serverTrust = challenge.protectionSpace.serverTrust {
                        if policy.evaluate(serverTrust, forHost: host) {
                            completionHandler(.useCredential, URLCredential(trust: serverTrust))
                        } else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                        }
                    }
                }
                """),
            // SwiftHTTP 1.0: a security object that says whether the trust is valid.
            RuleExample(.swift, """
                func URLSession(session: NSURLSession, task: NSURLSessionTask, didReceiveChallenge challenge: NSURLAuthenticationChallenge,
                                completionHandler: (NSURLSessionAuthChallengeDisposition, NSURLCredential?) -> Void) {
                    if let trust = challenge.protectionSpace.serverTrust {
                        if security.isValid(trust, domain: challenge.protectionSpace.host) {
                            completionHandler(.UseCredential, NSURLCredential(trust: trust))
                            return
                        }
                    }
                    completionHandler(.CancelAuthenticationChallenge, nil)
                }
                """),
            // A flag that asks for stricter checking, negated: the credential follows an evaluation.
            RuleExample(.objectiveC, """
                - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
                    if (!self.allowsInvalidSSLCertificate) {
                        if ([self.securityPolicy evaluateServerTrust:ch.protectionSpace.serverTrust forDomain:ch.protectionSpace.host]) {
                            [ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];
                        }
                    }
                }
                """),
            RuleExample(.swift, "completionHandler(.performDefaultHandling, nil)"),
            RuleExample(.swift, "let names: [Selector] = [.setAllowsAnyHTTPSCertificate, .credentialForTrust]"),
            RuleExample(.objectiveC, "NSURLCredential *c = [NSURLCredential credentialWithUser:u password:p persistence:NSURLCredentialPersistenceNone];"),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 7, judged: 7, correct: 7, trueSites: 7, reportedSites: 7)

    static let requiredWords = WordSet([
        .credentialForTrust, .initWithTrust, .URLCredential, .NSURLCredential, .setAllowsAnyHTTPSCertificate,
        .allowsAnyHTTPSCertificateForHost,
    ])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        // A call or declaration, not the bare name: Objective-C `name:`, Swift `name(`.
        let callOpener: Unicode.Scalar = stream.language == .objectiveC ? ":" : "("
        // Whether a method body evaluates a trust, read once per body: one can create thousands of credentials.
        var bodiesEvaluating: [Range<Int>: Bool] = [:]
        func outcome(of index: Int) -> TrustEvaluation.Outcome {
            guard let body = file.structure.enclosingMethod(of: index)?.body else { return .notEvaluated }
            let evaluates = bodiesEvaluating[body] ?? TrustEvaluation.evaluates(body, stream)
            bodiesEvaluating[body] = evaluates
            return TrustEvaluation.outcome(of: index, inBody: body, bodyEvaluates: evaluates, file: file)
        }
        return file.occurrences(of: Self.requiredWords).compactMap { index in
            switch stream.word(index) {
            case .setAllowsAnyHTTPSCertificate, .allowsAnyHTTPSCertificateForHost:
                guard stream.isPunctuation(index + 1, callOpener) else { return nil }
                return RuleMatch(
                    token: index, finding: "\(stream.text(index)) accepts any certificate", advice: .sentence(Self.description.replacement))
            case .credentialForTrust, .initWithTrust:
                guard stream.isPunctuation(index + 1, callOpener) else { return nil }
            default:
                guard stream.isPunctuation(index + 1, "("), stream.isWord(index + 2, .trust) || stream.isWord(index + 2, .forTrust)
                else { return nil }
            }
            switch outcome(of: index) {
            case .evaluated:
                return nil
            case .notEvaluated:
                return RuleMatch(
                    token: index,
                    finding: "The server trust is accepted without evaluating it", advice: .sentence(Self.description.replacement))
            case .acceptedAfterFailure:
                return RuleMatch(
                    token: index,
                    finding: "The server trust is accepted on a path where its evaluation failed", advice: .sentence(Self.description.replacement))
            case .acceptedWhenAllowed(let flag):
                return RuleMatch(
                    token: index,
                    finding: "The server trust is accepted without evaluating it when \(stream.text(flag)) is set; "
                        + "such a switch ships turned on sooner or later: \(Self.description.replacement)")
            }
        }
    }
}
