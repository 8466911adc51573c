/// Turns a movable Swift `ConnectionMigrationPlan` (of a file on URLConnectionShim) into the
/// edits that put the class on URLSession itself:
/// - creation sites → a task of the class's one session (`startedSessionDataTask(with:)`, or
///   `suspendedSessionDataTask(with:)` for `startImmediately: false`, whose `start()` becomes `resume()`);
/// - stored `URLConnection` → `URLSessionDataTask`; the shim's protocols → `URLSessionDataDelegate,
///   @unchecked Sendable` (URLSession requires a Sendable delegate);
/// - a `setDelegateQueue(q)` / `schedule(in:forMode:)` statement → the queue the session is created with;
/// - response, data and upload progress methods → their `URLSessionDataDelegate` counterparts,
///   keeping the old parameter names and bodies (the progress counts become `Int` again); the
///   response method answers on every path out (a `defer`): `.cancel` when the body cancelled the
///   task, as NSURLConnection sent nothing after `cancel()`, `.allow` otherwise;
/// - the challenge method → `urlSession(_:task:didReceive:completionHandler:)`, each answer through
///   `challenge.sender` a call of `answerChallenge` with its disposition, which answers as the
///   sender did (`SwiftSessionSupport.challengeMembers`); on Apple platforms a
///   session without the session-level challenge method sends server trust and client certificate
///   challenges there too, as NSURLConnection sent every challenge to its one method;
/// - `connectionShouldUseCredentialStorage(_:)` → `sessionShouldUseCredentialStorage()`, asked once
///   when the session is created: no means a session configuration without credential storage;
/// - the redirect method → `sessionWillSend(_:redirectResponse:)`, asked about the first request when
///   the task is created (URLSession never asks) and about each redirect by
///   `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`;
/// - finish and failure → one `urlSession(_:task:didCompleteWithError:)` that first ends the
///   session after its last task and keeps a cancellation silent, as NSURLConnection did.
struct SwiftSessionEmitter: TokenEditing {
    let file: ScannedFile

    init(file: ScannedFile) {
        self.file = file
    }

    /// The edits for `plan`, which must be movable.
    func edits(for plan: ConnectionMigrationPlan) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        for site in plan.creationSites {
            let method = site.startsImmediately ? "startedSessionDataTask" : "suspendedSessionDataTask"
            edits.append(replacing(site.expression, with: "\(method)(with: \(text(site.request))\(delegateQueueArgument(plan)))"))
        }
        if let choice = plan.delegateQueueChoice {
            edits.append(removingLines(from: choice.statement.lowerBound, to: choice.statement.upperBound))
        }
        edits += plan.storedConnectionTypes.map { replacing($0...$0, with: "URLSessionDataTask") }
        edits += plan.starts.map { replacing($0...$0, with: "resume") }
        edits += plan.taskCancels.map { replacing($0.call, with: "\(SwiftSessionSupport.cancelMethod)(\(text($0.receiver)))") }
        edits += protocolEdits(plan)
        for delegateMethod in plan.delegateMethods {
            edits += methodEdits(delegateMethod, plan: plan)
        }
        let indent = memberIndent(plan)
        let completion = completionEdits(plan, indent: indent)
        edits += completion.edits
        let end = lineStart(of: Int(stream[plan.implementation.body.upperBound].start))
        edits.append(SourceEdit(range: end..<end, replacement: completion.addedMethod
            + SwiftSessionSupport(plan: plan).members(indent: indent)))
        return edits
    }

    /// The creation's `delegateQueue:` argument for the queue the class chose, if it chose one.
    private func delegateQueueArgument(_ plan: ConnectionMigrationPlan) -> String {
        switch plan.delegateQueueChoice?.queue {
        case .main: ", delegateQueue: .main"
        case .expression(let queue): ", delegateQueue: \(text(queue))"
        case .usual, nil: ""
        }
    }

    /// The edits that put `asynchronous` calls on the shared session's `dataTask(with:queue:completionHandler:)`
    /// and `synchronous` ones (in `async` functions) on its `data(for:)`, and the file-private
    /// extension the calls need, added once at the file's end (`SwiftSessionSupport.extensionMembers`).
    func edits(for asynchronous: [AsynchronousRequestCall], _ synchronous: [SynchronousRequestCall]) -> [SourceEdit] {
        // The handler stays the argument it was: its parameters and what it captures are unchanged,
        // and the request and queue are evaluated once, at the call, in their order.
        var edits = asynchronous.map { call in
            replacing(call.call, with: "URLSession.shared.dataTask(with: \(text(call.request)), queue: \(text(call.queue)))")
        }
        edits += asynchronous.map { replacing($0.closingBrace...$0.closingBrace, with: "}.resume()") }
        edits += synchronous.map { call in
            replacing(call.call, with: call.response.map { "await URLSession.shared.data(for: \(text(call.request)), returning: \(text($0)))" }
                ?? "await URLSession.shared.data(for: \(text(call.request))).0")
        }
        let returnsResponse = synchronous.contains { $0.response != nil }
        if !asynchronous.isEmpty || returnsResponse {
            let separator = bytes.last == 0x0A ? "" : "\n"
            edits.append(SourceEdit(range: bytes.count..<bytes.count, replacement: separator
                + SwiftSessionSupport.sessionExtension(asynchronous: !asynchronous.isEmpty, returningResponse: returnsResponse)))
        }
        return edits
    }

    /// The first shim protocol becomes `URLSessionDataDelegate`, the others go; a class that
    /// adopted none adopts it after its last inherited name. URLSession requires a `Sendable`
    /// delegate (Swift 6 checks it); the class claims it unchecked, with a comment saying why, as
    /// NSURLConnection never checked where its delegate's state was touched.
    private func protocolEdits(_ plan: ConnectionMigrationPlan) -> [SourceEdit] {
        let type = plan.implementation
        let claimsSendable = !type.inherited.contains { stream.text($0) == "Sendable" }
        let conformance = "URLSessionDataDelegate" + (claimsSendable ? ", @unchecked Sendable" : "")
        var edits: [SourceEdit]
        if let first = plan.adoptedProtocols.first {
            edits = [replacing(first...first, with: conformance)] + plan.adoptedProtocols.dropFirst().map { index in
                SourceEdit(range: Int(stream[index - 2].end)..<Int(stream[index].end), replacement: "")
            }
        } else {
            guard let last = type.inherited.last else { return [] }
            edits = [inserting(", " + conformance, after: last)]
        }
        // A class whose first member shares the brace's line has no line for the comment.
        if claimsSendable, !type.body.isEmpty,
           lineStart(of: Int(stream[type.body.lowerBound].start)) > Int(stream[type.body.lowerBound - 1].end) {
            edits.append(insertingFirstStatement(Self.sendableComment, body: type.body))
        }
        return edits
    }

    /// Why the moved class may claim `Sendable`: the queue that makes it true (style: one line).
    private static let sendableComment =
        "// Sendable: unchecked, as NSURLConnection's delegates were: the state is confined to the session's delegate queue."

    // MARK: Delegate methods

    private func methodEdits(_ delegateMethod: ConnectionMigrationPlan.DelegateMethod, plan: ConnectionMigrationPlan) -> [SourceEdit] {
        let method = delegateMethod.method
        guard let body = method.body, let function = functionKeyword(method) else { return [] }
        let names = method.parameters.map { $0.name.map { stream.text($0) } ?? "_" }
        let added = EmittedParameterNames(stream: stream, bodies: [body], parameters: Set(names))
        let session = added.name("session")
        let completionHandler = added.name("completionHandler")
        // The response's answer, the guard after a cancel and the challenge's answers read the
        // task, so an unnamed one gets a name.
        let taskName = names[0] != "_" ? names[0] : added.name(delegateMethod.role.receivesGenericTask ? "task" : "dataTask")
        guard let declaration = delegateMethod.role.swiftSessionDeclaration(
            parameterNames: names, session: session, task: taskName, completionHandler: completionHandler)
        else { return [] }
        var edits = [replacing(function...(body.lowerBound - 2), with: declaration)]
        // One insertion: two at the body's start would overlap.
        var firstStatements: [String] = []
        if delegateMethod.role == .response {
            // NSURLConnection sent nothing after a cancel() in this method: the task is not let go on.
            firstStatements.append("defer { \(completionHandler)(\(taskName).state == .canceling ? .cancel : .allow) }")
        }
        if !plan.taskCancels.isEmpty, [.response, .data, .uploadProgress].contains(delegateMethod.role) {
            firstStatements.append("guard !\(SwiftSessionSupport.cancelledTasks).contains(\(taskName).taskIdentifier) else { return }")
        }
        if delegateMethod.role == .uploadProgress {
            // The old body counted in Int; each count it reads is one again.
            let counts = method.parameters.dropFirst().compactMap(\.name).filter { name in body.contains { stream.haveSameText($0, name) } }
            if !counts.isEmpty {
                firstStatements.append(counts.map { "let \(stream.text($0)) = Int(\(stream.text($0)))" }.joined(separator: "; "))
            }
        }
        if delegateMethod.role == .challenge {
            if DelegateSignatureMatcher(file: file).delegateSelector(of: method) == "connection:didReceiveAuthenticationChallenge:" {
                // NSURLConnection sent this method server-trust and client-certificate challenges only
                // when connection(_:canAuthenticateAgainstProtectionSpace:) said yes (the class has none
                // here: it stays on the shim); a session sends its delegate every challenge. Linux's
                // Foundation has neither method (its constants are unavailable there).
                firstStatements += ["#if !canImport(FoundationNetworking)",
                                    "if [NSURLAuthenticationMethodServerTrust, NSURLAuthenticationMethodClientCertificate]"
                                        + ".contains(\(names[1]).protectionSpace.authenticationMethod) { "
                                        + "\(completionHandler)(.performDefaultHandling, nil); return }",
                                    "#endif"]
            }
            let answers = plan.challengeAnswers.filter { body.contains($0.call.lowerBound) }
            if !answers.isEmpty {
                firstStatements.append("let answerChallenge = \(SwiftSessionSupport.challengeAnswerMethod)(to: \(names[1]), "
                    + "of: \(taskName), \(completionHandler))")
            }
            edits += answers.map { answer in
                replacing(answer.call, with: "answerChallenge(.\(answer.disposition), \(answer.credential.map(text) ?? "nil"))")
            }
        }
        if !firstStatements.isEmpty {
            edits.append(insertingFirstStatements(firstStatements, body: body))
        }
        return edits
    }

    /// The finish and failure bodies merged into `urlSession(_:task:didCompleteWithError:)`, where
    /// the first of the two methods was (the other is removed); `addedMethod` is the method to
    /// add with the session's members when the class had neither.
    private func completionEdits(_ plan: ConnectionMigrationPlan, indent: String) -> (edits: [SourceEdit], addedMethod: String) {
        let finish = plan.method(.finish)
        let failure = plan.method(.failure)
        func connectionName(_ method: ConnectionMigrationPlan.DelegateMethod?) -> String? {
            method?.method.parameters.first?.name.map { stream.text($0) }
        }
        let moved = [finish, failure].compactMap { $0?.method }
        let added = EmittedParameterNames(stream: stream, bodies: moved.compactMap(\.body),
                                          parameters: Set(moved.flatMap(\.parameters).compactMap { $0.name.map { stream.text($0) } }))
        let task = [finish, failure].compactMap(connectionName).first { $0 != "_" } ?? added.name("task")
        let error = added.name("error")
        let unit = "    "
        let inner = indent + unit
        var text = "func urlSession(_ \(added.name("session")): URLSession, \(ConnectionDelegateRole.swiftParameter("task", task)): URLSessionTask, "
            + "didCompleteWithError \(error): Error?) {\n"
        if plan.method(.challenge) != nil {
            text += "\(inner)let \(error) = \(SwiftSessionSupport.challengeErrorMethod)(of: \(task), \(error))\n"
        } else {
            text += "#if canImport(FoundationNetworking)\n"
                + "\(inner)let \(error) = \(SwiftSessionSupport.unansweredChallengeTasks).remove(\(task).taskIdentifier) != nil ? nil : \(error)\n"
                + "#endif\n"
        }
        // A task the class cancelled ends silently whatever error it reports (it may have finished first).
        let cancelledHere = plan.taskCancels.isEmpty ? "" : " || cancelledHere"
        if !plan.taskCancels.isEmpty {
            text += "\(inner)let cancelledHere = \(SwiftSessionSupport.cancelledTasks).remove(\(task).taskIdentifier) != nil\n"
        }
        text += "\(inner)if sessionTaskDidEndCancelled(\(error))\(cancelledHere) {\n\(inner)\(unit)return\n\(inner)}\n"
        // The failure body reads the task under its own name when that differs.
        func alias(_ method: ConnectionMigrationPlan.DelegateMethod) -> String {
            guard let name = connectionName(method), name != task, name != "_", !method.connectionUses.isEmpty else { return "" }
            return "\n\(inner)\(unit)let \(name) = \(task)"
        }
        var branches: [String] = []
        if let failure {
            let errorName = failure.method.parameters.dropFirst().first?.name
            // An unused binding would be a compiler warning.
            let bindsError = errorName.map { name in failure.method.body!.contains { stream.haveSameText($0, name) } } ?? false
            let opening = bindsError ? "if let \(stream.text(errorName!)) = \(error) {" : "if \(error) != nil {"
            branches.append(opening + alias(failure) + nestedBody(failure.method, indent: unit, closingIndent: inner))
        }
        if let finish {
            let opening = failure == nil ? "if \(error) == nil {" : "else {"
            branches.append(opening + alias(finish) + nestedBody(finish.method, indent: unit, closingIndent: inner))
        }
        if !branches.isEmpty { text += inner + branches.joined(separator: " ") + "\n" }
        text += indent + "}"
        let methods = [finish, failure].compactMap { $0?.method }.sorted { $0.declarationStart < $1.declarationStart }
        guard let first = methods.first, let firstBody = first.body, let function = functionKeyword(first) else {
            return ([], "\n" + indent + text + "\n")
        }
        var edits = [replacing(function...firstBody.upperBound, with: text)]
        if methods.count == 2 { edits.append(removingLines(of: methods[1])) }
        return (edits, "")
    }

    /// The `func` keyword of `method`: what precedes it (attributes, `public`, `@objc`) is kept.
    private func functionKeyword(_ method: MethodSpan) -> Int? {
        (method.declarationStart...method.name).first { stream.text($0) == "func" }
    }

    /// The indentation of the class's members: that of its first delegate method, or four spaces
    /// more than the class's.
    private func memberIndent(_ plan: ConnectionMigrationPlan) -> String {
        let anchor = plan.delegateMethods.first.map { $0.method.declarationStart }
        let offset = Int(stream[anchor ?? plan.implementation.keyword].start)
        let line = lineStart(of: offset)
        let indent = SourceText.string(bytes[line..<offset].prefix { $0 == 0x20 || $0 == 0x09 })
        return anchor == nil ? indent + "    " : indent
    }
}
