/// Finds `setDelegateQueue:` sent to a connection that has already started.
struct DelegateQueueAfterStartRule: Rule {
    static let description = RuleDescription(
        id: "delegate-queue-after-start",
        defaultSeverity: .warning,
        summary: "Calls setDelegateQueue: on a connection created started (initWithRequest:delegate:, connectionWithRequest:delegate:, "
            + "startImmediately:YES) or after start, in the same method.",
        rationale: "A connection takes its delegate queue when it starts; a queue set afterwards is ignored, so the "
            + "delegate is still called on the starting thread's run loop (contract C4).",
        replacement: "create the connection with startImmediately:NO (startImmediately: false), set the queue, then call start",
        triggeringExamples: [
            RuleExample(.objectiveC, """
                - (void)load {
                    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];
                    [connection setDelegateQueue:self.queue];
                }
                """),
            RuleExample(.objectiveC, """
                - (void)load {
                    self.connection = [[NSURLConnection alloc] initWithRequest:request delegate:self startImmediately:NO];
                    [self.connection start];
                    [self.connection setDelegateQueue:self.queue];
                }
                """),
            RuleExample(.swift, """
                func load() {
                    let connection = NSURLConnection(request: request, delegate: self)
                    connection?.setDelegateQueue(queue)
                }
                """),
            RuleExample(.swift, """
                func load() {
                    let connection = URLConnection(request: request, delegate: self)
                    connection.setDelegateQueue(queue)
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(.objectiveC, """
                - (void)load {
                    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:request delegate:self startImmediately:NO];
                    [connection setDelegateQueue:self.queue];
                    [connection start];
                }
                """),
            RuleExample(.swift, """
                func load() {
                    let connection = URLConnection(request: request, delegate: self, startImmediately: false)
                    connection.setDelegateQueue(queue)
                    connection.start()
                }
                """),
            RuleExample(.swift, "func configure(_ connection: URLConnection) { connection.setDelegateQueue(queue) }"),
        ])

    static let requiredWords = WordSet([.setDelegateQueue])
    private static let falseWords = WordSet([.NO, .false, .FALSE])

    func check(_ file: ScannedFile) -> [RuleMatch] {
        let stream = file.stream
        var startsByBody: [Range<Int>: [String: [Int]]] = [:]
        return file.occurrences(of: .setDelegateQueue).compactMap { index in
            guard let receiver = receiver(of: index, stream), let method = file.structure.enclosingMethod(of: index),
                  let body = method.body
            else { return nil }
            if startsByBody[body] == nil { startsByBody[body] = possibleStarts(in: body, stream) }
            guard let started = startOfConnection(
                named: receiver, before: index, among: startsByBody[body]?[stream.text(receiver)] ?? [], stream)
            else { return nil }
            return RuleMatch(
                token: index,
                finding: "setDelegateQueue is ignored: the connection started on line \(stream[started].line)",
                advice: .sentence(Self.description.replacement))
        }
    }

    /// The last name of the receiver: `connection` in `[self.connection setDelegateQueue:…]` and
    /// `connection?.setDelegateQueue(…)`.
    private func receiver(of selector: Int, _ stream: TokenStream) -> Int? {
        switch stream.language {
        case .objectiveC:
            guard stream.isPunctuation(selector + 1, ":"), stream.isIdentifier(selector - 1) else { return nil }
            return selector - 1
        case .swift:
            guard stream.isPunctuation(selector + 1, "("), stream.isPunctuation(selector - 1, ".") else { return nil }
            var name = selector - 2
            if stream.isPunctuation(name, "?") || stream.isPunctuation(name, "!") { name -= 1 }
            return stream.isIdentifier(name) ? name : nil
        }
    }

    /// The names in `body` that a `start` is sent to or that are assigned, by name, in file order:
    /// read once per body, not once per `setDelegateQueue` in it (thousands on one line made the
    /// rule quadratic).
    private func possibleStarts(in body: Range<Int>, _ stream: TokenStream) -> [String: [Int]] {
        var starts: [String: [Int]] = [:]
        for index in body where stream.isIdentifier(index)
            && (isStartCall(after: index, stream) || stream.isAssignment(index + 1) || stream.isAssignment(index + 2)) {
            starts[stream.text(index), default: []].append(index)
        }
        return starts
    }

    /// The token that started the connection named like `receiver` before `call`, from the
    /// `possibleStarts` of that name: an assignment of a connection created started, or a `start` sent to it.
    private func startOfConnection(named receiver: Int, before call: Int, among possibleStarts: [Int], _ stream: TokenStream) -> Int? {
        for index in possibleStarts[..<possibleStarts.firstIndex(notBelow: call)].reversed() {
            if isStartCall(after: index, stream) { return index }
            if let assignment = (index + 1...index + 2).first(where: { stream.isAssignment($0) }),
               let creation = createsStartedConnection(from: assignment + 1, before: call, stream) {
                return creation
            }
        }
        return nil
    }

    /// `[name start]` or `name.start()`.
    private func isStartCall(after name: Int, _ stream: TokenStream) -> Bool {
        switch stream.language {
        case .objectiveC: stream.isWord(name + 1, .start) && stream.isPunctuation(name + 2, "]")
        case .swift: stream.isPunctuation(name + 1, ".") && stream.isWord(name + 2, .start) && stream.isPunctuation(name + 3, "(")
        }
    }

    /// The creation token when the statement from `start` creates a connection that starts at once.
    private func createsStartedConnection(from start: Int, before end: Int, _ stream: TokenStream) -> Int? {
        var creation: Int?
        var index = start
        let line = stream[start].line
        while index < end && !stream.isPunctuation(index, ";") && (stream.language == .objectiveC || stream[index].line == line) {
            switch stream.word(index) {
            case .initWithRequest, .connectionWithRequest:
                creation = creation ?? index
            case .NSURLConnection, .URLConnection:
                if stream.language == .swift && stream.isPunctuation(index + 1, "(") { creation = creation ?? index }
            case .startImmediately:
                if stream.word(index + 2).map(Self.falseWords.contains) == true { return nil }
            default:
                break
            }
            index += 1
        }
        return creation
    }
}
