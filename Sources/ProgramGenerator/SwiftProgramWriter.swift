import Foundation

/// Writes a shape as a legacy Swift program (NSURLConnection as Swift 3–5 code wrote it) and the
/// driver that runs a batch of them. Each program is one file with one class and a free
/// `startProgramN(base:done:)` function that the rewrite never touches: the driver calls it.
package enum SwiftProgramWriter {
    /// The program's source file.
    package static func program(_ shape: ProgramShape, index: Int) -> String {
        let name = ProgramText.className(index)
        var lines = ["// \(shape.summary)", "import Foundation", ""]
        let delegateClass = shape.subclass ? name + "Base" : name
        let conformance = shape.entry == .delegate ? ", NSURLConnectionDataDelegate" : ""
        lines.append("class \(delegateClass): NSObject\(conformance) {")
        lines += state(shape, index: index).map { "    " + $0 }
        if shape.entry == .delegate { lines += delegateMethods(shape).map { "    " + $0 } }
        if shape.subclass {
            lines += ["}", "", "class \(name): \(delegateClass) {"]
        }
        lines += load(shape, index: index).map { "    " + $0 }
        lines += [
            "}", "",
            "func start\(name)(base: String, done: @escaping ([String]) -> Void) -> AnyObject {",
            "    let program = \(name)()",
            "    program.done = done",
            "    program.load(base: base)",
            "    return program",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The driver: runs every program in turn on the main thread, spinning the main run loop until
    /// it reports or `limit` seconds pass, and prints one trace line per program.
    package static func driver(indices: [Int]) -> String {
        var lines = [
            "import Foundation",
            "#if canImport(FoundationNetworking)",
            "import FoundationNetworking",
            "#endif",
            "",
            "final class TraceBox: @unchecked Sendable {",
            "    // Sendable: `lock` guards `events`.",
            "    private let lock = NSLock()",
            "    private var events: [String]?",
            "    func finish(_ events: [String]) { lock.lock(); if self.events == nil { self.events = events }; lock.unlock() }",
            "    var value: [String]? { lock.lock(); defer { lock.unlock() }; return events }",
            "}",
            "",
            "let base = \"http://127.0.0.1:\" + CommandLine.arguments[1]",
            "var keep: [AnyObject] = []",
            "func run(_ name: String, _ start: (String, @escaping ([String]) -> Void) -> AnyObject) {",
            "    let box = TraceBox()",
            "    keep.append(start(base) { box.finish($0) })",
            "    let deadline = Date().addingTimeInterval(10)",
            "    while box.value == nil && Date() < deadline {",
            "        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.02))",
            "    }",
            "    print(\"\\(name): \\(box.value?.joined(separator: \" | \") ?? \"deadline\")\")",
            "    fflush(stdout)",
            "}",
            "",
        ]
        for index in indices {
            let name = ProgramText.className(index)
            lines.append("run(\"\(name)\", start\(name))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func url(_ path: String) -> String {
        let replaced = path.replacingOccurrences(of: "BASE", with: "\" + base + \"")
        return "URL(string: base + \"\(replaced)\")!"
    }

    /// The request the exchange needs, as one expression.
    private static func requestExpression(_ shape: ProgramShape, index: Int) -> String {
        guard let path = ProgramText.path(of: shape.exchange, program: ProgramText.className(index)) else {
            return "URLRequest(url: URL(string: \"http://127.0.0.1:1/\")!)"
        }
        switch shape.exchange {
        case .timeout, .upload: return "makeRequest()"
        default: return "URLRequest(url: \(url(path)))"
        }
    }

    private static func state(_ shape: ProgramShape, index: Int) -> [String] {
        var lines = [
            "var events: [String] = []",
            "var done: (([String]) -> Void)?",
            "var base = \"\"",
            "var request = URLRequest(url: URL(string: \"http://127.0.0.1:1/unset\")!)",
            "let queue: OperationQueue = \(queueExpression(shape))",
        ]
        if shape.entry == .delegate {
            lines += [
                "var first: NSURLConnection?",
                "var second: NSURLConnection?",
                "var last: NSURLConnection?",
                "var cancelled = false",
                "var started: Set<String> = []",
                "var ended: Set<String> = []",
                "",
                "func record(_ event: String) {",
                "    events.append(event)",
                "}",
                "",
                "func end(_ who: String) {",
                "    ended.insert(who)",
                "    if started.subtracting(ended).subtracting(cancelled ? [\"a\"] : []).isEmpty {",
                "        done?(events)",
                "        done = nil",
                "    }",
                "}",
                "",
            ]
            if shape.cancel != .never {
                // Every connection is counted before it starts: on a queue it may end at once.
                lines += ["", "func startLast() {", "    started.insert(\"c\")"]
                lines += create(shape, property: "last", argument: "URLRequest(url: URL(string: base + \"\(ProgramText.lastConnectionPath)\")!)",
                                start: true).map { "    " + $0 }
                lines.append("}")
            }
            if shape.delivery != .mainRunLoop {
                // One creation for every connection: a class creates its connections in one place
                // when each needs the same queue or run loop. The caller starts it once it has stored
                // it: a queue's delegate calls, on another thread, read the stored connections.
                lines += ["", "func connect(_ request: URLRequest) -> NSURLConnection? {",
                          "    let connection = NSURLConnection(request: request, delegate: self, startImmediately: false)"]
                lines.append(shape.delivery == .delegateQueue
                    ? "    connection?.setDelegateQueue(queue)" : "    connection?.schedule(in: RunLoop.current, forMode: .default)")
                lines += ["    return connection", "}"]
            }
        } else {
            lines += ["func record(_ event: String) {", "    events.append(event)", "}"]
        }
        lines += [
            "",
            "func makeRequest() -> URLRequest {",
        ]
        switch shape.exchange {
        case .timeout:
            lines += ["    var request = URLRequest(url: \(url(ProgramText.path(of: shape.exchange, program: ProgramText.className(index))!)))",
                      "    request.timeoutInterval = \(ProgramText.timeoutSeconds)", "    return request"]
        case .upload(let kind):
            lines += ["    var request = URLRequest(url: URL(string: base + \"/echo\")!)", "    request.httpMethod = \"POST\""]
            let body = "Data(repeating: 7, count: \(ProgramText.uploadLength))"
            lines.append(kind == .httpBody ? "    request.httpBody = \(body)" : "    request.httpBodyStream = InputStream(data: \(body))")
            lines.append("    return request")
        default:
            lines.append("    return URLRequest(url: URL(string: base + \"/bytes/1\")!)")
        }
        lines.append("}")
        return lines
    }

    private static func queueExpression(_ shape: ProgramShape) -> String {
        shape.entry == .delegate && shape.delivery == .delegateQueue
            ? "{ let queue = OperationQueue(); queue.maxConcurrentOperationCount = 1; return queue }()" : "OperationQueue.main"
    }

    /// Creates a connection into `property` as the shape's delivery asks; `start` false leaves it unstarted.
    private static func create(_ shape: ProgramShape, property: String, argument: String, start: Bool) -> [String] {
        switch (shape.delivery, start) {
        case (.mainRunLoop, true): ["\(property) = NSURLConnection(request: \(argument), delegate: self)"]
        case (.mainRunLoop, false): ["\(property) = NSURLConnection(request: \(argument), delegate: self, startImmediately: false)"]
        default: ["\(property) = connect(\(argument))", "\(property)?.start()"]
        }
    }

    private static func load(_ shape: ProgramShape, index: Int) -> [String] {
        ["", "func load(base: String) {", "    self.base = base"] + body(shape, index: index).map { "    " + $0 } + ["}"]
    }

    private static func body(_ shape: ProgramShape, index: Int) -> [String] {
        let expression = requestExpression(shape, index: index)
        var lines: [String] = []
        let argument: String
        switch shape.argument {
        case .storedProperty:
            lines.append("request = \(expression)")
            argument = "request"
        case .local:
            lines.append("let request = \(expression)")
            argument = "request"
        case .expression:
            argument = expression
        }
        let queueArgument: String
        switch shape.argument {
        case .storedProperty: queueArgument = "queue"
        case .local where shape.entry == .sendAsynchronous:
            lines.append("let queue = OperationQueue.main")
            queueArgument = "queue"
        case .local:
            queueArgument = "queue"
        case .expression: queueArgument = "OperationQueue.main"
        }
        switch shape.entry {
        case .delegate:
            let startNow = shape.cancel != .beforeStart
            // Every connection is counted before the first starts: on a queue it may end at once.
            lines.append(shape.connections == 2 ? "started = [\"a\", \"b\"]" : "started = [\"a\"]")
            lines += create(shape, property: "first", argument: argument, start: startNow)
            if shape.connections == 2 {
                lines += create(shape, property: "second", argument: argument, start: true)
            }
            if !startNow {
                lines += ["first?.cancel()", "cancelled = true", "record(\"a cancelled\")", "startLast()"]
            }
        case .sendAsynchronous:
            lines += [
                "NSURLConnection.sendAsynchronousRequest(\(argument), queue: \(queueArgument)) { response, data, error in",
                "    let status = (response as? HTTPURLResponse)?.statusCode ?? 0",
                "    let failure = error.map { \"\\(($0 as NSError).domain) \\(($0 as NSError).code)\" } ?? \"none\"",
                "    self.record(\"a async \\(status) \\(data?.count ?? -1) \\(failure) main=\\(Thread.isMainThread)\")",
                "    self.done?(self.events)",
                "}",
            ]
        case .sendSynchronous:
            lines += [
                "var response: URLResponse?",
                "do {",
                "    let data = try NSURLConnection.sendSynchronousRequest(\(argument), returning: &response)",
                "    record(\"a sync \\((response as? HTTPURLResponse)?.statusCode ?? 0) \\(data.count)\")",
                "} catch {",
                "    record(\"a sync fail \\((error as NSError).domain) \\((error as NSError).code)\")",
                "}",
                "done?(events)",
            ]
        }
        if shape.argument == .storedProperty {
            lines.append("request = URLRequest(url: URL(string: base + \"\(ProgramText.reassignedPath)\")!)")
        }
        return lines
    }

    private static let who = "let who = connection === last ? \"c\" : connection === second ? \"b\" : \"a\""

    private static func cancelHere(_ condition: String) -> [String] {
        [
            "if who == \"a\" && !cancelled\(condition) {",
            "    connection.cancel()",
            "    cancelled = true",
            "    record(\"a cancelled\")",
            "    startLast()",
        ]
    }

    private static func delegateMethods(_ shape: ProgramShape) -> [String] {
        var lines: [String] = [""]
        if shape.methods.contains(.redirect) {
            lines += [
                "func connection(_ connection: NSURLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? {",
                // A redirect method that reads its connection stays on the shim: read it only when it tells something.
                shape.readsConnectionInRedirect
                    ? "    \(who)" : "    let who = request.url?.path == \"\(ProgramText.lastConnectionPath)\" ? \"c\" : \"a\"",
                "    let status = (response as? HTTPURLResponse).map { \"\\($0.statusCode)\" } ?? \"nil\"",
                "    record(\"\\(who) willSend \\(request.url?.path ?? \"\") redirect=\\(status)\")",
                "    guard response != nil else { return request }",
            ]
            if shape.cancel == .inRedirect { lines += cancelHere("").map { "    " + $0 } + ["        return nil", "    }"] }
            switch shape.exchange {
            case .redirect(.refuse): lines.append("    return nil")
            case .redirect(.modify): lines.append("    return URLRequest(url: URL(string: base + \"\(ProgramText.modifiedRedirectPath)\")!)")
            default: lines.append("    return request")
            }
            lines += ["}", ""]
        }
        if shape.methods.contains(.challenge) {
            let answer: String
            switch shape.exchange {
            case .challenge(.continueWithout): answer = "challenge.sender?.continueWithoutCredential(for: challenge)"
            case .challenge(.cancel): answer = "challenge.sender?.cancel(challenge)"
            case .challenge(.defaultHandling): answer = "challenge.sender?.performDefaultHandling(for: challenge)"
            case .challenge(.rejectProtectionSpace): answer = "challenge.sender?.rejectProtectionSpaceAndContinue(with: challenge)"
            default:
                answer = "challenge.sender?.use(URLCredential(user: \"\(ProgramText.credential.user)\", password: "
                    + "\"\(ProgramText.credential.password)\", persistence: .none), for: challenge)"
            }
            lines += [
                "func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {",
                "    \(who)",
                "    record(\"\\(who) challenge \\(challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic ? \"basic\" : \"other\") failures=\\(challenge.previousFailureCount)\")",
                "    if challenge.previousFailureCount > 0 {",
                "        challenge.sender?.cancel(challenge)",
                "        return",
                "    }",
                "    \(answer)",
                "}", "",
            ]
        }
        if shape.methods.contains(.sentBody) {
            lines += [
                "func connection(_ connection: NSURLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int) {",
                "    \(who)",
                "    if totalBytesWritten == \(ProgramText.uploadLength) { record(\"\\(who) sent \\(totalBytesWritten)\") }",
                "}", "",
            ]
        }
        if shape.methods.contains(.response) {
            lines += [
                "func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {",
                "    \(who)",
                "    let status = (response as? HTTPURLResponse)?.statusCode ?? 0",
                "    record(\"\\(who) response \\(status) main=\\(Thread.isMainThread)\")",
            ]
            if shape.cancel == .inResponse { lines += cancelHere("").map { "    " + $0 } + ["        return", "    }"] }
            if shape.selfSentFailure {
                lines += [
                    "    if status >= 400 && who != \"c\" {",
                    "        connection.cancel()",
                    "        self.connection(connection, didFailWithError: NSError(domain: \"Program\", code: status))",
                    "    }",
                ]
            }
            lines += ["}", ""]
        }
        if shape.methods.contains(.data) {
            lines += [
                "func connection(_ connection: NSURLConnection, didReceive data: Data) {",
                "    \(who)",
                // The bytes before a cancel in this method depend on how the body was split.
                shape.cancel == .inData
                    ? "    record(who == \"a\" ? \"a data\" : \"\\(who) data \\(data.count)\")" : "    record(\"\\(who) data \\(data.count)\")",
            ]
            if shape.cancel == .inData { lines += cancelHere("").map { "    " + $0 } + ["    }"] }
            lines += ["}", ""]
        }
        lines += [
            "func connectionDidFinishLoading(_ connection: NSURLConnection) {",
            "    \(who)",
            "    record(\"\\(who) finish main=\\(Thread.isMainThread)\")",
            "    end(who)",
            "}", "",
            "func connection(_ connection: NSURLConnection, didFailWithError error: Error) {",
            "    \(who)",
            "    record(\"\\(who) fail \\((error as NSError).domain) \\((error as NSError).code) main=\\(Thread.isMainThread)\")",
            "    end(who)",
            "}",
        ]
        return lines
    }
}
