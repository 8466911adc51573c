import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

/// The shapes of public code of the NSURLConnection era on which the rules were wrong,
/// written afresh in the same shape: each test names the rule and the repository it stands for.
final class RealCodeScenarioTests: XCTestCase {
    private func findings(_ source: String, _ language: SourceLanguage, rule: String) -> [String] {
        SourceScanner().scan(Array(source.utf8), language: language, path: "f")
            .filter { $0.ruleID == rule }.map { "\($0.line) \($0.severity.rawValue)" }
    }

    func test_trust_all_certificates_evaluationThroughAPolicyHelperIsNotReported_AFNetworking() {
        let source = """
            - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
                if ([challenge.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
                    if ([self.securityPolicy evaluateServerTrust:challenge.protectionSpace.serverTrust forDomain:challenge.protectionSpace.host]) {
                        NSURLCredential *credential = [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust];
                        [[challenge sender] useCredential:credential forAuthenticationChallenge:challenge];
                    } else {
                        [[challenge sender] cancelAuthenticationChallenge:challenge];
                    }
                }
            }
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "trust-all-certificates"), [])
    }

    func test_trust_all_certificates_swiftPolicyEvaluatingItsArgumentIsNotReported_Alamofire() {
        let source = """
            func URLSession(session: NSURLSession, didReceiveChallenge challenge: NSURLAuthenticationChallenge, completionHandler: (NSURLSessionAuthChallengeDisposition, NSURLCredential?) -> Void) {
                if let policy = session.serverTrustPolicyManager?.serverTrustPolicyForHost(host), serverTrust = challenge.protectionSpace.serverTrust {
                    if policy.evaluateServerTrust(serverTrust, isValidForHost: host) {
                        completionHandler(.UseCredential, NSURLCredential(forTrust: serverTrust))
                    } else {
                        completionHandler(.CancelAuthenticationChallenge, nil)
                    }
                }
            }
            """
        XCTAssertEqual(findings(source, .swift, rule: "trust-all-certificates"), [])
    }

    func test_trust_all_certificates_credentialAfterAFailedEvaluationIsReported_MKNetworkKit() {
        let source = """
            - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
                SecTrustResultType result;
                SecTrustEvaluate(challenge.protectionSpace.serverTrust, &result);
                if (result == kSecTrustResultProceed || result == kSecTrustResultUnspecified) {
                    [challenge.sender performDefaultHandlingForAuthenticationChallenge:challenge];
                } else if (result == kSecTrustResultConfirm) {
                    [challenge.sender useCredential:[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust] forAuthenticationChallenge:challenge];
                } else {
                    if (self.shouldContinueWithInvalidCertificate) {
                        [challenge.sender useCredential:[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust] forAuthenticationChallenge:challenge];
                    }
                }
            }
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "trust-all-certificates"), ["7 error", "10 error"])
    }

    func test_session_per_request_lazyCreationGuardedByANilTestIsNotReported_PonyDebugger() {
        let source = """
            @implementation Reloader
            - (void)reload {
                if (!_urlSession) {
                    _urlSession = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration] delegate:self delegateQueue:nil];
                }
                [[_urlSession dataTaskWithRequest:self.request] resume];
            }
            @end
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "session-per-request"), [])
    }

    func test_session_per_request_swiftNilGuardIsNotReported_netfox() {
        let source = """
            class Recorder: URLProtocol, URLSessionDataDelegate {
                var session: URLSession?
                override func startLoading() {
                    if session == nil {
                        session = URLSession(configuration: URLSessionConfiguration.default, delegate: self, delegateQueue: nil)
                    }
                    session!.dataTask(with: request).resume()
                }
            }
            """
        XCTAssertEqual(findings(source, .swift, rule: "session-per-request"), [])
    }

    func test_session_per_request_objectiveCNilDelegateIsNoDelegate_PonyDebugger() {
        let source = """
            @implementation Downloader
            - (void)download {
                NSURLSession *session = [NSURLSession sessionWithConfiguration:config delegate:nil delegateQueue:nil];
                [[session downloadTaskWithURL:url] resume];
            }
            @end
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "session-per-request"), [])
    }

    func test_urlprotocol_missing_handled_tag_followsAStaticHelperCalledFromCanInit_netfox() {
        let source = """
            open class Recorder: URLProtocol {
                override open class func canInit(with request: URLRequest) -> Bool {
                    return canServeRequest(request)
                }
                override open class func canInit(with task: URLSessionTask) -> Bool {
                    guard let request = task.currentRequest else { return false }
                    return canServeRequest(request)
                }
                fileprivate class func canServeRequest(_ request: URLRequest) -> Bool {
                    if URLProtocol.property(forKey: "Internal", in: request) != nil {
                        return false
                    }
                    return true
                }
                override open func startLoading() { session.dataTask(with: request).resume() }
            }
            """
        XCTAssertEqual(findings(source, .swift, rule: "urlprotocol-missing-handled-tag"), [])
    }

    func test_urlprotocol_missing_handled_tag_aHelperThatNeverChecksIsStillReported() {
        let source = """
            class Recorder: URLProtocol {
                override class func canInit(with request: URLRequest) -> Bool { isHTTP(request) }
                class func isHTTP(_ request: URLRequest) -> Bool { request.url?.scheme == "http" }
                override func startLoading() { session.dataTask(with: request).resume() }
            }
            """
        XCTAssertEqual(findings(source, .swift, rule: "urlprotocol-missing-handled-tag"), ["2 warning"])
    }

    private func rulesAtEachSite(_ source: String, _ language: SourceLanguage) -> [String] {
        SourceScanner().scan(Array(source.utf8), language: language, path: "f").map { "\($0.line):\($0.column) \($0.ruleID)" }
    }

    func test_oneFindingPerSite_nearMissFoldsTheDelegateMethodFinding_Samples() {
        let source = """
            class Loader: NSObject, NSURLConnectionDataDelegate {
                func connection(connection: NSURLConnection!, didReceiveData data: NSData!) { }
            }
            """
        XCTAssertEqual(rulesAtEachSite(source, .swift), [
            "1:25 nsurlconnection-delegate-conformance", "2:10 delegate-signature-near-miss",
        ])
    }

    func test_oneFindingPerSite_forwardingFromStartLoadingFoldsTheCreation_Samples() {
        let source = """
            class CachingProtocol: URLProtocol {
                override class func canInit(with request: URLRequest) -> Bool { false }
                override func startLoading() { connection = NSURLConnection(request: request, delegate: self) }
            }
            """
        XCTAssertEqual(rulesAtEachSite(source, .swift), [
            "1:7 urlprotocol-inventory", "3:49 urlprotocol-forwards-with-nsurlconnection",
        ])
    }

    func test_nsurlconnection_delegate_method_helperCategoryOfANonDelegateIsNotReported_PonyDebugger() {
        let source = """
            @interface PDNetworkDomainController (NSURLConnectionHelpers)
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response;
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection;
            @end
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "nsurlconnection-delegate-method"), [])
    }

    func test_nsurlconnection_delegate_method_typedWithASubclassOfNSURLConnectionIsReported_ASIHTTPRequest() {
        let source = """
            @interface NSURLConnectionSubclass : NSURLConnection
            @end
            @implementation PerformanceTests
            - (void)start { [[NSURLConnectionSubclass alloc] initWithRequest:request delegate:self startImmediately:YES]; }
            - (void)connection:(NSURLConnectionSubclass *)connection didReceiveData:(NSData *)data { }
            - (void)connectionDidFinishLoading:(NSURLConnectionSubclass *)connection { }
            @end
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "nsurlconnection-delegate-method"), ["5 warning", "6 warning"])
    }

    func test_nsurlconnection_reference_typeOnlyMentionIsANoteAndAClassMethodCallAWarning() {
        let source = """
            @property (nonatomic, strong) NSURLConnection *connection;
            if ([NSURLConnection canHandleRequest:request]) { }
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "nsurlconnection-reference"), ["1 note", "2 warning"])
    }

    func test_nsurlconnection_send_synchronous_reachedThroughPerformSelectorOnMainThreadIsAnError() {
        let objectiveC = """
            @implementation Feed
            - (void)refresh { [self performSelectorOnMainThread:@selector(reloadFrom:) withObject:url waitUntilDone:NO]; }
            - (void)reloadFrom:(NSURL *)url {
                [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:url] returningResponse:NULL error:NULL];
            }
            - (void)prefetch { [NSURLConnection sendSynchronousRequest:request returningResponse:NULL error:NULL]; }
            @end
            """
        XCTAssertEqual(findings(objectiveC, .objectiveC, rule: "nsurlconnection-send-synchronous"), ["4 error", "6 warning"])
        let swift = """
            class Feed: NSObject {
                func refresh() { performSelector(onMainThread: #selector(reload), with: nil, waitUntilDone: false) }
                @objc func reload() { _ = try? NSURLConnection.sendSynchronousRequest(request, returning: nil) }
            }
            """
        XCTAssertEqual(findings(swift, .swift, rule: "nsurlconnection-send-synchronous"), ["3 error"])
    }

    func test_delegate_queue_after_start_setOnAConnectionThatStartedIsReported() {
        let source = """
            - (void)load {
                NSURLConnection *started = [[NSURLConnection alloc] initWithRequest:request delegate:self];
                [started setDelegateQueue:self.queue];
                NSURLConnection *waiting = [[NSURLConnection alloc] initWithRequest:request delegate:self startImmediately:NO];
                [waiting setDelegateQueue:self.queue];
                [waiting start];
            }
            """
        XCTAssertEqual(findings(source, .objectiveC, rule: "delegate-queue-after-start"), ["3 warning"])
    }

    func test_urlprotocol_inventory_listsSubclassRegistrationAndRequestProperties_netfox() {
        let source = """
            open class Recorder: URLProtocol {
                override open func startLoading() {
                    URLProtocol.setProperty("1", forKey: "Internal", in: mutableRequest)
                }
            }
            func enable() { URLProtocol.registerClass(Recorder.self) }
            func disable() { URLProtocol.unregisterClass(Recorder.self) }
            """
        XCTAssertEqual(findings(source, .swift, rule: "urlprotocol-inventory"), ["1 note", "3 note", "6 note", "7 note"])
    }
}
