/// Finds `sendSynchronousRequest:returningResponse:error:`, an error on the main thread.
struct NSURLConnectionSendSynchronousRule: Rule {
    static let description = RuleDescription(
        id: "nsurlconnection-send-synchronous",
        defaultSeverity: .warning,
        summary: "Sends a synchronous NSURLConnection request; an error inside a main-thread entry point or a method "
            + "the file sends with performSelectorOnMainThread:.",
        rationale: "It blocks the calling thread for the whole request. On the main thread the UI freezes and the "
            + "watchdog may kill the app; NSURLConnection is deprecated besides.",
        replacement: ConnectionAPICatalogue.sendSynchronousRequest.swiftAdvice,
        triggeringExamples: [
            RuleExample(.objectiveC, "NSData *d = [NSURLConnection sendSynchronousRequest:req returningResponse:&r error:&e];"),
            RuleExample(.objectiveC, """
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    NSData *d = [NSURLConnection sendSynchronousRequest:req
                                                      returningResponse:&response
                                                                  error:&error];
                }
                """),
            RuleExample(.objectiveC, "- (IBAction)refresh:(id)sender { [NSURLConnection sendSynchronousRequest:r returningResponse:NULL error:NULL]; }"),
            RuleExample(.objectiveC, """
                @implementation Feed
                - (void)refresh { [self performSelectorOnMainThread:@selector(reloadFrom:) withObject:url waitUntilDone:NO]; }
                - (void)reloadFrom:(NSURL *)url {
                    NSData *d = [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:url] returningResponse:NULL error:NULL];
                }
                @end
                """),
            RuleExample(.swift, "let data = try NSURLConnection.sendSynchronousRequest(req, returning: &response)"),
            RuleExample(.swift, """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let data = try? NSURLConnection.sendSynchronousRequest(request, returning: nil)
                }
                """),
            RuleExample(.swift, "let d = try! NSURLConnection.sendSynchronousRequest(request, returningResponse: &response)"),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, "let t = \"\"\"\n    NSURLConnection.sendSynchronousRequest(req, returning: nil)\n    \"\"\""),
            RuleExample(.swift, "let data = try URLConnection.sendSynchronousRequest(req, returning: &response)"),
            RuleExample(.objectiveC, "NSData *d = [URLConnection sendSynchronousRequest:req returningResponse:&r error:&e];"),
            RuleExample(.objectiveC, #"static NSString *const k = @"sendSynchronousRequest:returningResponse:error:";"#),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? = ConnectionAPICatalogue.sendSynchronousRequest.objectiveCAdvice
    static let fixedBy: FixedTargets = [.objectiveCNoted]
    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 6, judged: 6, correct: 6, trueSites: 6, reportedSites: 6)

    static let requiredWords = WordSet([.sendSynchronousRequest])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        let performedOnMainThread = ThreadContext.selectorsPerformedOnMainThread(in: file)
        return file.occurrences(of: .sendSynchronousRequest).compactMap { index in
            guard ConnectionUse.receiver(ofSelector: index, in: stream) != nil else { return nil }
            if let method = file.structure.enclosingMethod(of: index),
               ThreadContext.isMainThreadEntryPoint(method, in: stream)
                || performedOnMainThread.contains(stream.language == .swift ? stream.text(method.name) : method.selector(in: stream)),
               !ThreadContext.isInBackgroundBlock(index, of: method, in: file) {
                return RuleMatch(
                    token: index,
                    finding: "Synchronous NSURLConnection request on the main thread (in \(method.selector(in: stream))) "
                        + "blocks the UI",
                    advice: .use("try await URLSession.shared.data(for:)"),
                    severity: .error)
            }
            return RuleMatch(token: index, finding: "Synchronous NSURLConnection request", advice: .use(Self.description.replacement))
        }
    }
}
