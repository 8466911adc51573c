/// Finds a delegate-based URLSession created per request and never invalidated.
struct SessionPerRequestRule: Rule {
    static let description = RuleDescription(
        id: "session-per-request",
        defaultSeverity: .warning,
        summary: "Creates a URLSession with a delegate in a method that also creates a task, in a type that never invalidates sessions.",
        rationale: "A session retains its delegate until invalidated — a leak per request — and each session has its "
            + "own connection pool, so nothing is reused (seed 003).",
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
            RuleExample(.objectiveC, """
                @implementation Owner
                - (instancetype)init {
                    _session = [NSURLSession sessionWithConfiguration:config delegate:self delegateQueue:nil];
                    return self;
                }
                @end
                """),
        ])

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
                  let body = method.body, createsTasks.contains(body) else { return nil }
            let scope: [Range<Int>]
            if let type = file.structure.enclosingType(of: creation.token) {
                scope = file.structure.spans(sameNameAs: type).map(\.body)
            } else {
                scope = [0..<stream.count]
            }
            if scope.contains(where: { invalidates.contains($0) }) { return nil }
            return RuleMatch(
                token: creation.token,
                message: "A URLSession with a delegate is created per request and never invalidated (it retains its "
                    + "delegate and its own connection pool); use \(Self.description.replacement)")
        }
    }
}
