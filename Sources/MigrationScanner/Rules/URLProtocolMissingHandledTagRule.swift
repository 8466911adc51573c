/// Finds `canInitWithRequest:` in forwarding protocols that never check a "handled" tag.
struct URLProtocolMissingHandledTagRule: Rule {
    static let description = RuleDescription(
        id: "urlprotocol-missing-handled-tag",
        defaultSeverity: .warning,
        summary: "canInitWithRequest: / canInit(with:) can return true and never consults propertyForKey:inRequest: / property(forKey:in:) (or the shim's request[property:]), in a protocol that forwards the request.",
        rationale: "The request the protocol forwards is offered to it again and intercepted again: an infinite loop.",
        replacement: "tag forwarded requests with setProperty(_:forKey:in:) and return false when property(forKey:in:) finds the tag "
            + "(the tag is lost on Linux; URLConnectionShim's RequestPropertyKey keeps it); forwarding through a session whose "
            + "configuration does not list the protocol avoids the loop everywhere",
        triggeringExamples: [
            RuleExample(.swift, """
                class Forwarder: URLProtocol {
                    override class func canInit(with request: URLRequest) -> Bool { true }        // in a forwarding protocol
                    override func startLoading() { session.dataTask(with: request).resume() }
                }
                """),
            RuleExample(.swift, """
                class Forwarder: URLProtocol {
                    override class func canInit(with request: URLRequest) -> Bool { true }
                    override func startLoading() { connection = URLConnection(request: request, delegate: self) }
                }
                """),
            RuleExample(.objectiveC, """
                @implementation CacheProtocol
                + (BOOL)canInitWithRequest:(NSURLRequest *)request {
                    return [request.URL.scheme hasPrefix:@"http"];
                }
                - (void)startLoading {
                    self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self];
                }
                @end
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, """
                @implementation CacheProtocol
                + (BOOL)canInitWithRequest:(NSURLRequest *)request {
                    if ([NSURLProtocol propertyForKey:@"Handled" inRequest:request]) { return NO; }
                    return YES;
                }
                - (void)startLoading {
                    self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self];
                }
                @end
                """),
            RuleExample(.swift, """
                class Forwarder: URLProtocol {
                    override class func canInit(with request: URLRequest) -> Bool {
                        URLProtocol.property(forKey: "handled", in: request) == nil
                    }
                    override func startLoading() { session.dataTask(with: request).resume() }
                }
                """),
            RuleExample(.swift, """
                class Forwarder: URLProtocol {
                    static let handled = RequestPropertyKey<Bool>("handled")
                    override class func canInit(with request: URLRequest) -> Bool { request[property: handled] == nil }
                    override func startLoading() { session.dataTask(with: request).resume() }
                }
                """),
            // netfox 1.12: canInit calls a static helper of the same class that checks the tag.
            RuleExample(.swift, """
                open class Recorder: URLProtocol {
                    override open class func canInit(with request: URLRequest) -> Bool {
                        return canServeRequest(request)
                    }
                    fileprivate class func canServeRequest(_ request: URLRequest) -> Bool {
                        if URLProtocol.property(forKey: "Internal", in: request) != nil { return false }
                        return true
                    }
                    override open func startLoading() { session.dataTask(with: request).resume() }
                }
                """),
            RuleExample(.objectiveC, """
                @implementation Recorder
                + (BOOL)canInitWithRequest:(NSURLRequest *)request {
                    return [self shouldIntercept:request];
                }
                + (BOOL)shouldIntercept:(NSURLRequest *)request {
                    return [NSURLProtocol propertyForKey:@"Handled" inRequest:request] == nil;
                }
                - (void)startLoading {
                    self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self];
                }
                @end
                """),
            RuleExample(.swift, """
                class Stub: URLProtocol {
                    override class func canInit(with request: URLRequest) -> Bool { true }
                    override func startLoading() { client?.urlProtocolDidFinishLoading(self) }
                }
                """),
            RuleExample(.swift, """
                class Forwarder: URLProtocol {
                    override class func canInit(with request: URLRequest) -> Bool { false }
                    override func startLoading() { session.dataTask(with: request).resume() }
                }
                """),
        ])

    /// Objective-C has no shim: what a finding in Objective-C recommends instead.
    static let objectiveCAdvice: String? =
        "tag forwarded requests with +[NSURLProtocol setProperty:forKey:inRequest:] and return NO "
            + "from +canInitWithRequest: when +propertyForKey:inRequest: finds the tag; forwarding through a session whose "
            + "configuration does not list the protocol avoids the loop"

    static let requiredWords = WordSet([.canInitWithRequest, .canInit])
    private static let forwarding = WordSet([
        .dataTaskWithRequest, .dataTaskWithURL, .dataTask, .downloadTaskWithRequest, .downloadTask,
        .uploadTaskWithRequest, .uploadTask, .connectionWithRequest, .initWithRequest, .sendAsynchronousRequest,
        .sendSynchronousRequest,
    ])
    private static let falseWords = WordSet([.NO, .false, .FALSE])
    private static let trueWords = WordSet([.YES, .true, .TRUE])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        var matches: [RuleMatch] = []
        let creation = ForwardingCreation(file: file)
        for subclass in URLProtocolSubclass.all(in: file) where forwards(subclass, creation) {
            let candidates = subclass.methods(named: .canInitWithRequest, in: stream) + subclass.methods(named: .canInit, in: stream)
            // A method declared inside another's body (a half-edited file) is judged with the outer one.
            for method in candidates.outermost {
                guard let body = method.body, canReturnTrue(body, stream),
                      !consultsProperty(body, orHelpersOf: subclass, stream) else { continue }
                matches.append(RuleMatch(
                    token: method.name,
                    finding: "\(method.selector(in: stream)) never checks a handled tag, so the forwarded request is "
                        + "intercepted again (an infinite loop)",
                    advice: .sentence(Self.description.replacement)))
            }
        }
        return matches
    }

    /// The protocol's startLoading creates a connection (NSURLConnection or the shim's) or a session task.
    private func forwards(_ subclass: URLProtocolSubclass, _ creation: ForwardingCreation) -> Bool {
        let file = creation.file
        // A nested startLoading's body lies in the outer one's: it cannot forward where that one does not.
        return subclass.methods(named: .startLoading, in: file.stream).outermost.contains { method in
            guard let body = method.body else { return false }
            return file.range(body, contains: Self.forwarding) || !creation.sites(in: body).isEmpty
        }
    }

    private func canReturnTrue(_ body: Range<Int>, _ stream: TokenStream) -> Bool {
        var sawReturn = false
        for index in body {
            guard let word = stream.word(index) else { continue }
            if Self.trueWords.contains(word) { return true }
            if word == .return {
                sawReturn = true
                if !(stream.word(index + 1).map { Self.falseWords.contains($0) } ?? false) { return true }
            }
        }
        // A single-expression Swift body returns its expression.
        if !sawReturn && !body.isEmpty {
            return !(body.count == 1 && stream.word(body.lowerBound).map { Self.falseWords.contains($0) } == true)
        }
        return false
    }

    /// `body`, or a method of the same protocol class that it calls (`return canServeRequest(request)`,
    /// `[self isHandled:request]`), consults the tag; helpers are followed three calls deep.
    private func consultsProperty(_ body: Range<Int>, orHelpersOf subclass: URLProtocolSubclass, _ stream: TokenStream) -> Bool {
        var pending = [body]
        // Every range read so far: a helper whose body lies inside one (methods nested in a
        // half-edited file) adds nothing, and reading it again made such a file quadratic or worse.
        var read: [Range<Int>] = []
        for _ in 0..<4 {
            guard !pending.isEmpty else { break }
            if pending.contains(where: { consultsProperty($0, stream) }) { return true }
            read += pending
            var called: Set<String> = []
            for range in pending {
                for index in range where stream.isIdentifier(index)
                    && (stream.isPunctuation(index + 1, "(") || stream.isPunctuation(index + 1, ":")) {
                    called.insert(stream.text(index))
                }
            }
            pending = subclass.methods.compactMap { helper in
                guard let helperBody = helper.body, called.contains(stream.text(helper.name)),
                      !read.contains(where: { $0.lowerBound <= helperBody.lowerBound && helperBody.upperBound <= $0.upperBound })
                else { return nil }
                read.append(helperBody)
                return helperBody
            }
        }
        return false
    }

    /// `propertyForKey:inRequest:`, `property(forKey:in:)`, or the shim's `request[property: key]`.
    private func consultsProperty(_ body: Range<Int>, _ stream: TokenStream) -> Bool {
        body.contains { index in
            stream.isWord(index, .propertyForKey)
                || (stream.isWord(index, .property) && stream.isPunctuation(index + 1, "(") && stream.isWord(index + 2, .forKey))
                || (stream.isWord(index, .property) && stream.isPunctuation(index + 1, ":") && stream.isPunctuation(index - 1, "["))
        }
    }
}
