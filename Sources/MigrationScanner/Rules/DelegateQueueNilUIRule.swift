/// Finds delegate sessions on a nil queue whose delegate methods touch the UI off the main thread.
struct DelegateQueueNilUIRule: Rule {
    static let description = RuleDescription(
        id: "delegate-queue-nil-ui",
        defaultSeverity: .note,
        summary: "A session with a delegate and delegateQueue: nil, in a file whose session delegate methods touch UIKit/AppKit without hopping to the main queue.",
        rationale: "NSURLConnection called back on the thread that started it (usually main); URLSession with a nil "
            + "queue calls back on a background queue, and UI work there crashes or misbehaves.",
        replacement: "delegateQueue: OperationQueue.main ([NSOperationQueue mainQueue]) or hop to the main queue in the delegate",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                @implementation Loader
                - (void)start {
                    self.session = [NSURLSession sessionWithConfiguration:config delegate:self delegateQueue:nil];
                }
                - (void)URLSession:(NSURLSession *)s task:(NSURLSessionTask *)t didCompleteWithError:(NSError *)e {
                    self.statusLabel.text = @"Done";
                }
                @end
                """),
            RuleExample(.swift, """
                class Loader: NSObject, URLSessionDataDelegate {
                    lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
                    func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
                        progressView.progress += 0.1
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.swift, """
                class Loader: NSObject, URLSessionDataDelegate {
                    lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)
                    func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
                        progressView.progress += 0.1
                    }
                }
                """),
            RuleExample(.swift, """
                class Loader: NSObject, URLSessionDataDelegate {
                    lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
                    func urlSession(_ s: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
                        DispatchQueue.main.async { self.progressView.progress += 0.1 }
                    }
                }
                """),
        ])

    static let requiredWords = WordSet([.delegateQueue])
    private static let userInterfaceWords = WordSet([
        .UIApplication, .NSApp, .NSApplication, .view, .tableView, .collectionView, .reloadData, .setNeedsDisplay,
        .setNeedsLayout, .textLabel, .imageView, .label, .statusLabel, .progressView, .activityIndicator,
    ])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        let creations = SessionCreation.all(in: file).filter { $0.hasDelegate && $0.delegateQueueIsNil }
        // By the delegate's type (its keyword token; nil: any method in the file), so a file creating
        // thousands of sessions reads the methods once per type, not once per creation.
        var unsafeMethodByType: [Int?: MethodSpan?] = [:]
        return creations.compactMap { creation in
            guard let label = creation.delegateQueueLabel else { return nil }
            // With `delegate: self` the delegate methods are the creating type's; otherwise any in the file.
            var type: TypeSpan?
            if let delegate = creation.delegateArgument, stream.isWord(delegate, .self) {
                type = file.structure.enclosingType(of: creation.token)
            }
            let found = unsafeMethodByType[type?.keyword] ?? {
                let candidates = type.map { file.structure.methods(in: file.structure.spans(sameNameAs: $0)) }
                    ?? file.structure.methods
                let method = firstUnsafeDelegateMethod(in: candidates, file)
                unsafeMethodByType[type?.keyword] = method
                return method
            }()
            guard let method = found else { return nil }
            return RuleMatch(
                token: label,
                finding: "Session delegate methods (\(method.selector(in: stream))) touch the UI but run on a background "
                    + "queue with delegateQueue: nil", advice: .use(Self.description.replacement))
        }
    }

    private func firstUnsafeDelegateMethod(in methods: [MethodSpan], _ file: ScannedFile) -> MethodSpan? {
        let stream = file.stream
        return methods.first { method in
            guard let body = method.body, stream.isWord(method.name, .URLSession) || stream.isWord(method.name, .urlSession)
            else { return false }
            let touchesUI = body.contains { index in
                (stream.word(index).map { Self.userInterfaceWords.contains($0) } ?? false) || isUIKitType(index, stream)
            }
            return touchesUI && !file.range(body, contains: ThreadContext.mainHops)
        }
    }

    /// `UIImage`, `UIAlertController`…: a UIKit class name.
    private func isUIKitType(_ index: Int, _ stream: TokenStream) -> Bool {
        guard stream.hasPrefix(index, "UI"), stream[index].length > 2 else { return false }
        let third = stream.bytes[Int(stream[index].start) + 2]
        return third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")
    }
}
