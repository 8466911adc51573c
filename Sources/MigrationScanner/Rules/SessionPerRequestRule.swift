/// Finds a delegate-based URLSession created per request and never invalidated.
struct SessionPerRequestRule: Rule {
    static let description = RuleDescription(
        id: "session-per-request",
        defaultSeverity: .warning,
        summary: "Creates a URLSession with a delegate in a method that also creates a task, in a type that never invalidates sessions.",
        rationale: "A session retains its delegate until invalidated — a leak per request — and each session has its "
            + "own connection pool, so nothing is reused.",
        replacement: "one session owned for the object's lifetime, or finishTasksAndInvalidate() after the task",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                @implementation Capture
                - (void)startLoading {
                    NSURLSession *session = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]
                                                                          delegate:self
                                                                     delegateQueue:nil];
                    [[session dataTaskWithRequest:self.request] resume];
                }
                @end
                """),
            RuleExample(.swift, """
                final class Fetcher: NSObject, URLSessionDataDelegate {
                    func fetch(_ url: URL) {
                        let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
                        session.dataTask(with: url).resume()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                final class Fetcher: NSObject, URLSessionDataDelegate {
                    func fetch(_ url: URL) {
                        let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
                        session.dataTask(with: url).resume()
                        session.finishTasksAndInvalidate()
                    }
                }
                """),
            RuleExample(.swift, """
                final class Fetcher {
                    func fetch(_ url: URL) {
                        let session = URLSession(configuration: .default, delegate: nil, delegateQueue: nil)
                        session.dataTask(with: url).resume()
                    }
                }
                """),
            // PonyDebugger 0.4.5 and netfox 1.12: created once, on the first request.
            RuleExample(.objectiveC, """
                @implementation Reloader
                - (void)reload {
                    if (!_urlSession) {
                        _urlSession = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration] delegate:self delegateQueue:nil];
                    }
                    [[_urlSession dataTaskWithRequest:request] resume];
                }
                @end
                """),
            RuleExample(.swift, """
                final class Loader: NSObject, URLSessionDataDelegate {
                    var session: URLSession?
                    func load(_ request: URLRequest) {
                        if session == nil {
                            session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
                        }
                        session!.dataTask(with: request).resume()
                    }
                }
                """),
            RuleExample(.swift, """
                final class Loader: NSObject, URLSessionDataDelegate {
                    lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
                    func load(_ request: URLRequest) { session.dataTask(with: request).resume() }
                }
                """),
            RuleExample(.objectiveC, """
                @implementation Downloader
                - (void)download {
                    NSURLSession *s = [NSURLSession sessionWithConfiguration:config delegate:nil delegateQueue:nil];
                    [[s downloadTaskWithURL:url] resume];
                }
                @end
                """),
            RuleExample(.objectiveC, """
                @implementation Owner
                - (instancetype)init {
                    _session = [NSURLSession sessionWithConfiguration:config delegate:self delegateQueue:nil];
                    return self;
                }
                @end
                """),
        ])

    /// Measured by .ci/corpus-precision (Docs/Rules.md shows it).
    static let measured: CorpusMeasurement? = CorpusMeasurement(findings: 1, judged: 1, correct: 1, trueSites: 2, reportedSites: 1)
    /// The corpus's true sites the rule does not report, and why.
    static let knownMisses = [
        "netfox 1.12.1, `netfox/Core/NFXProtocol.swift` line 67: `startLoading` creates a delegate session "
            + "behind `if session == nil`, which the rule reads as a session created once and reused; it is one "
            + "session per request only because each URLProtocol instance serves one request, which the rule "
            + "does not model."
    ]

    static let requiredWords = WordSet([.sessionWithConfiguration, .URLSession, .NSURLSession])
    private static let taskCreation = WordSet([
        .dataTaskWithRequest, .dataTaskWithURL, .dataTask, .downloadTaskWithRequest, .downloadTaskWithURL,
        .downloadTask, .uploadTaskWithRequest, .uploadTask, .uploadTaskWithStreamedRequest,
    ])
    private static let invalidation = WordSet([.finishTasksAndInvalidate, .invalidateAndCancel])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        // Each body or type is searched once, however many creations it holds: a generated file with
        // thousands of them in one scope would otherwise be read once per creation.
        var createsTasks = RangeSearch(file: file, words: Self.taskCreation)
        var invalidates = RangeSearch(file: file, words: Self.invalidation)
        return SessionCreation.all(in: file).compactMap { creation in
            guard creation.hasDelegate, let method = file.structure.enclosingMethod(of: creation.token),
                  let body = method.body, createsTasks.contains(body),
                  !isCreatedOnce(creation, within: body, file) else { return nil }
            let scope: [Range<Int>]
            if let type = file.structure.enclosingType(of: creation.token) {
                scope = file.structure.spans(sameNameAs: type).map(\.body)
            } else {
                scope = [0..<stream.count]
            }
            if scope.contains(where: { invalidates.contains($0) }) { return nil }
            return RuleMatch(
                token: creation.token,
                finding: "A URLSession with a delegate is created per request and never invalidated (it retains its "
                    + "delegate and its own connection pool)",
                advice: .use(Self.description.replacement))
        }
    }

    /// Lazy creation: the session is assigned inside `if` that tests the same name for nil
    /// (`if (!_session)`, `if session == nil`), so later requests reuse it.
    private func isCreatedOnce(_ creation: SessionCreation, within body: Range<Int>, _ file: ScannedFile) -> Bool {
        let stream = file.stream
        guard let name = creation.assignedName(in: stream) else { return false }
        return EnclosingBranch.all(around: creation.token, within: body, in: file).contains { branch in
            let testsName = branch.condition.contains { stream.isIdentifier($0) && stream.haveSameText($0, name) }
            let testsNil = branch.condition.contains { stream.isWord($0, .nil) || stream.isPunctuation($0, "!") }
            return testsName && testsNil
        }
    }
}
