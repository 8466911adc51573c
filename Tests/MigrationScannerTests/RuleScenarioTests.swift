import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

/// Rule behaviour beyond the catalogue examples: positions, severities, one finding per
/// construct, and the shapes of real code (multi-line calls, headers, legacy Swift).
final class RuleScenarioTests: XCTestCase {
    private func scan(_ source: String, _ language: SourceLanguage, rules: Set<String>? = nil) -> [Finding] {
        SourceScanner(ruleIDs: rules).scan(Array(source.utf8), language: language, path: "f")
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.ruleID)@\($0.line):\($0.column)-\($0.endColumn) \($0.severity.rawValue)" }
    }

    func test_nsurlconnection_create_multiLineCallIsReportedOnTheLineOfTheLegacyName() {
        let source = "- (void)start {\n    self.c = [[NSURLConnection alloc]\n        initWithRequest:r delegate:self];\n}"
        XCTAssertEqual(summary(scan(source, .objectiveC)), ["nsurlconnection-create@2:16-31 warning"])
    }

    func test_nsurlconnection_create_oneFindingPerConstruct() {
        let findings = scan("let c = NSURLConnection(request: r, delegate: self)!", .swift)
        XCTAssertEqual(findings.map(\.ruleID), ["nsurlconnection-create"])
    }

    func test_nsurlconnection_create_inactiveRegionIsANote() {
        let source = "#if 0\nid c = [NSURLConnection connectionWithRequest:r delegate:self];\n#endif\n"
            + "id d = [NSURLConnection connectionWithRequest:r delegate:self];"
        XCTAssertEqual(summary(scan(source, .objectiveC)), [
            "nsurlconnection-create@2:9-24 note", "nsurlconnection-create@4:9-24 warning",
        ])
    }

    func test_nsurlconnection_create_swiftIfFalseRegionIsANote() {
        let source = "#if false\nlet c = NSURLConnection(request: r, delegate: self)\n#endif\n"
            + "let d = NSURLConnection(request: r, delegate: self)"
        XCTAssertEqual(scan(source, .swift).map { "\($0.ruleID)@\($0.line) \($0.severity.rawValue)" }, [
            "nsurlconnection-create@2 note", "nsurlconnection-create@4 warning",
        ])
    }

    func test_nsurlconnection_send_synchronous_isAnErrorInMainThreadEntryPoints() {
        let entryPoints = [
            "- (void)viewDidLoad {", "- (void)viewWillAppear:(BOOL)animated {", "- (void)viewDidAppear:(BOOL)a {",
            "- (IBAction)tap:(id)sender {", "- (void)applicationDidFinishLaunching:(NSNotification *)n {",
            "- (BOOL)application:(UIApplication *)a didFinishLaunchingWithOptions:(NSDictionary *)o {",
        ]
        for header in entryPoints {
            let source = header + "\n    [NSURLConnection sendSynchronousRequest:r returningResponse:NULL error:NULL];\n}"
            XCTAssertEqual(scan(source, .objectiveC).map(\.severity), [.error], header)
        }
        let swift = """
            class C: UIViewController {
                override func viewWillAppear(_ animated: Bool) { _ = try? NSURLConnection.sendSynchronousRequest(r, returning: nil) }
                func helper() { _ = try? NSURLConnection.sendSynchronousRequest(r, returning: nil) }
                @IBAction func go(_ sender: Any) {
                    DispatchQueue.global().async { _ = try? NSURLConnection.sendSynchronousRequest(r, returning: nil) }
                }
            }
            """
        XCTAssertEqual(scan(swift, .swift).map(\.severity), [.error, .warning, .warning])
    }

    func test_nsurlconnection_send_synchronous_messageNamesTheReplacement() {
        let swift = scan("let d = try NSURLConnection.sendSynchronousRequest(r, returning: nil)", .swift).first
        XCTAssertTrue(swift?.message.contains("URLSession.shared.data(for:)") ?? false)
        XCTAssertEqual(swift?.replacement, NSURLConnectionSendSynchronousRule.description.replacement)
        // The shim has no Objective-C API, so Objective-C is told about NSURLSession.
        let objectiveC = scan("NSData *d = [NSURLConnection sendSynchronousRequest:r returningResponse:NULL error:NULL];", .objectiveC).first
        XCTAssertTrue(objectiveC?.message.contains("-[NSURLSession dataTaskWithRequest:completionHandler:]") ?? false)
        XCTAssertFalse(objectiveC?.message.contains("shim") ?? true)
        XCTAssertEqual(objectiveC?.replacement, NSURLConnectionSendSynchronousRule.objectiveCAdvice)
    }

    func test_nsurlconnection_reference_insideInterpolationIsCode() {
        XCTAssertEqual(summary(scan(#"print("a \("b \(NSURLConnection.self)") c")"#, .swift)), [
            "nsurlconnection-reference@1:17-32 note",
        ])
        XCTAssertEqual(scan(#"print("a \("NSURLConnection.self") c")"#, .swift), [])
    }

    func test_nsurlconnection_reference_notInsideCommentsStringsOrLookAlikes() {
        let source = """
            // NSURLConnection
            /* NSURLConnection /* nested */ NSURLConnection */
            let a = "NSURLConnection", b = #"NSURLConnection"#, c = NSURLConnectionStats(), d = MyNSURLConnection()
            """
        XCTAssertEqual(scan(source, .swift), [])
    }

    func test_nsurlconnection_delegate_conformance_splitListsAndHeaders() {
        let header = """
            @interface Loader : NSObject <NSCopying,
                                          NSURLConnectionDelegate,
                                          NSURLConnectionDataDelegate>
            @end
            """
        XCTAssertEqual(summary(scan(header, .objectiveC)), [
            "nsurlconnection-delegate-conformance@2:31-54 warning",
            "nsurlconnection-delegate-conformance@3:31-58 warning",
        ])
        let swift = "extension Loader:\n    NSURLConnectionDownloadDelegate {}"
        XCTAssertEqual(summary(scan(swift, .swift)), ["nsurlconnection-delegate-conformance@2:5-36 warning"])
    }

    func test_nsurlconnection_delegate_method_swiftOneAndTwoSignaturesAndHeaderDeclarations() {
        let swift = """
            class L: NSObject, NSURLConnectionDataDelegate {
                func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) { }
                func connection(connection: NSURLConnection, didReceiveData data: NSData) { }
                func connectionDidFinishLoading(connection: NSURLConnection!) { }
                func connection(_ connection: NSURLConnection, didReceive challenge: URLAuthenticationChallenge) { }
            }
            """
        // delegate-signature-near-miss reports the Swift 1/2 lines too (FixNearMissRuleTests).
        let findings = scan(swift, .swift, rules: ["nsurlconnection-delegate-method"])
        XCTAssertEqual(findings.map(\.line), [2, 3, 4, 5])
        XCTAssertTrue(findings.allSatisfy { $0.ruleID == "nsurlconnection-delegate-method" })
        XCTAssertTrue(findings[0].message.contains("urlSession(_:dataTask:didReceive:completionHandler:)"))
        XCTAssertTrue(findings[1].message.contains("urlSession(_:dataTask:didReceive:)"))
        XCTAssertTrue(findings[3].message.contains("urlSession(_:task:didReceive:completionHandler:)"))
        let header = """
            @interface L : NSObject <NSURLConnectionDataDelegate>
            - (void)connection:(NSURLConnection *)c
                didReceiveData:(NSData *)d;
            @end
            """
        XCTAssertEqual(summary(scan(header, .objectiveC, rules: ["nsurlconnection-delegate-method"])), [
            "nsurlconnection-delegate-method@2:9-19 warning",
        ])
    }

    func test_response_completion_not_called_reportsAtTheDeclarationsFirstLine() {
        let source = """
            class D: NSObject, URLSessionDataDelegate {
                func urlSession(_ session: URLSession,
                                dataTask: URLSessionDataTask,
                                didReceive response: URLResponse,
                                completionHandler handler: @escaping (URLSession.ResponseDisposition) -> Void) {
                    print("completionHandler(.allow)")
                }
            }
            """
        XCTAssertEqual(summary(scan(source, .swift)), ["response-completion-not-called@2:10-20 error"])
    }

    func test_urlprotocol_reads_httpbody_ignoresWritesAndOtherTypes() {
        let source = """
            class P: URLProtocol {
                override func startLoading() {
                    var r = request
                    r.httpBody = nil
                    let isEmpty = request.httpBody == nil
                }
            }
            """
        XCTAssertEqual(summary(scan(source, .swift, rules: ["urlprotocol-reads-httpbody"])), ["urlprotocol-reads-httpbody@5:31-39 warning"])
    }

    func test_ruleSelectionRunsOnlyTheGivenRules() {
        let source = "let c = NSURLConnection(request: r, delegate: self); var d: NSURLConnection?"
        XCTAssertEqual(scan(source, .swift, rules: ["nsurlconnection-reference"]).map(\.ruleID), ["nsurlconnection-reference"])
        XCTAssertEqual(scan(source, .swift, rules: []), [])
    }

    func test_findingsAreInSourceOrderWithPath() {
        let source = "var d: NSURLConnection?\nlet w = UIWebView()\nlet c = NSURLConnection(request: r, delegate: self)"
        let findings = SourceScanner().scan(Array(source.utf8), language: .swift, path: "Sources/App/File.swift")
        XCTAssertEqual(findings.map(\.line), [1, 2, 3])
        XCTAssertTrue(findings.allSatisfy { $0.path == "Sources/App/File.swift" })
    }
}
