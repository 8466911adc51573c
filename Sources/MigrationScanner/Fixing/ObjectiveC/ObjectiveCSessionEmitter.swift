import Foundation

/// Turns a movable `ConnectionMigrationPlan` into the token-exact edits that put the class on
/// NSURLSession (ARC and manual retain/release alike):
/// - creation sites → a data task of the class's one session (`newSessionDataTaskWithRequest:`);
///   a deferred one followed by `setDelegateQueue:q` → the session's delegate queue is `q`;
/// - stored `NSURLConnection *` → `NSURLSessionDataTask *`, adopted protocols → NSURLSession's;
/// - each delegate method → its NSURLSession counterpart, keeping the old parameter names and
///   body; `return` hands its answer to the completion handler, and the response handler calls
///   `completionHandler` on every path out: with NSURLSessionResponseCancel when the body cancelled
///   the task (NSURLConnection sent nothing after `-cancel`), NSURLSessionResponseAllow otherwise;
/// - finish and failure → one `URLSession:task:didCompleteWithError:` that first ends the
///   session after its last task and keeps a cancellation silent, as NSURLConnection did.
struct ObjectiveCSessionEmitter: TokenEditing {
    let file: ScannedFile

    init(file: ScannedFile) {
        self.file = file
    }

    /// The edits for `plan`, which must be movable; `declaresSessionProtocol` when an
    /// interface in another file adopts the connection protocols (it becomes NSURLSession's).
    func edits(for plan: ConnectionMigrationPlan, declaresSessionProtocol: Bool) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        for site in plan.creationSites {
            let request = text(site.request)
            if let resumption = site.resumption {
                // Started after the `if` statement's own code, as the connection's first message came after it.
                let keywordOffset = Int(stream[resumption.keyword].start)
                let indent = SourceText.string(bytes[lineStart(of: keywordOffset)..<keywordOffset].prefix { $0 == 0x20 || $0 == 0x09 })
                edits.append(inserting("\n\(indent)[\(text(resumption.receiver)) resume];", after: resumption.after))
            }
            let method = !site.startsImmediately || site.resumption != nil ? "newSuspendedSessionDataTaskWithRequest"
                : site.isRetained ? "newSessionDataTaskWithRequest" : "sessionDataTaskWithRequest"
            let queue: String? = switch site.delegateQueue?.queue {
            case nil, .usual: nil
            case .main: "[NSOperationQueue mainQueue]"
            case .expression(let queue): text(queue)
            }
            edits.append(replacing(site.expression, with: "[self \(method):\(request)\(queue.map { " delegateQueue:\($0)" } ?? "")]"))
            // The statements go: the session already has the queue. One on lines of its own goes
            // with them and its comment (which spoke of it); another with the blanks before it.
            for statement in site.delegateQueue?.statements ?? [] {
                let start = Int(stream[statement.lowerBound].start)
                let lineStart = lineStart(of: start)
                var end = Int(stream[statement.upperBound].end)
                if bytes[lineStart..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
                   statement.upperBound + 1 >= stream.count || stream[statement.upperBound + 1].line > stream[statement.upperBound].line {
                    while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                    edits.append(SourceEdit(range: lineStart..<min(end + 1, bytes.count), replacement: ""))
                } else {
                    edits.append(SourceEdit(range: Int(stream[statement.lowerBound - 1].end)..<end, replacement: ""))
                }
            }
        }
        edits += declarationEdits(adoptedProtocols: plan.adoptedProtocols, storedConnectionTypes: plan.storedConnectionTypes)
        edits += plan.starts.map { replacing($0...$0, with: "resume") }
        // Scheduled in the current run loop of the class's own thread: recorded for the delegate calls.
        for scheduling in plan.ownThreadSchedulings {
            edits.append(replacing(scheduling.receiver, with: "self"))
            edits.append(replacing(scheduling.selector...scheduling.selector, with: "scheduleSessionDeliveryInRunLoop"))
        }
        let style = ObjectiveCClassStyle(file: file, plan: plan)
        let unit = style.indentUnit
        let taken = style.instanceVariables
        let keepsSelectors = plan.keepsSelectors
        for delegateMethod in plan.delegateMethods {
            edits += keepsSelectors && delegateMethod.role != .challenge
                ? connectionTypeEdits(delegateMethod.method)
                : methodEdits(delegateMethod, protectionSpaceMethod: plan.method(.protectionSpace),
                              challengeSender: plan.challengeHandedOn ? ObjectiveCChallengeSender.className(for: plan.className) : nil,
                              asksRedirectWithTask: plan.redirectReadsConnection, performsOnOwnThread: plan.performsOnOwnThread)
        }
        let addedClasses = (plan.challengeHandedOn ? [ObjectiveCChallengeSender.declaration(for: plan.className)] : [])
            + (plan.forwardsForURLProtocol ? [ObjectiveCURLProtocolSession.declaration(for: plan)] : [])
        if !addedClasses.isEmpty {
            let offset = lineStart(of: Int(stream[plan.implementation.keyword].start))
            edits.append(SourceEdit(range: offset..<offset, replacement: ObjectiveCClassStyle.reindented(addedClasses.joined(), unit: unit)))
        }
        let completion = keepsSelectors
            ? (edits: [], addedBeforeEnd: ObjectiveCClassStyle.reindented(
                ObjectiveCSelectorKeeping(file: file).forwardingMethods(plan, avoiding: taken), unit: unit))
            : completionEdits(plan, indent: unit, avoiding: taken)
        edits += completion.edits
        if !keepsSelectors { edits += style.sectionMarkEdits() }
        edits += supportEdits(plan, declaresSessionProtocol: declaresSessionProtocol || !plan.adoptedProtocols.isEmpty,
                              after: completion.addedBeforeEnd, style: (unit, taken))
        return edits
    }

    /// The edits for a subclass moved with its superclass (`ConnectionMigrationPlan.superclassOverride`):
    /// its overrides of the selectors the superclass keeps take the task, as theirs do; the ones
    /// that only the connection protocols declared are declared again, in a category of the
    /// superclass before the subclass's `@implementation`, for the overrides' `super` messages.
    func overrideEdits(for plan: ConnectionMigrationPlan, declaringOn keeping: ObjectiveCSessionFixer.SuperclassKeeping) -> [SourceEdit] {
        var edits = declarationEdits(adoptedProtocols: plan.adoptedProtocols, storedConnectionTypes: plan.storedConnectionTypes)
            + plan.delegateMethods.flatMap { connectionTypeEdits($0.method) }
        let undeclared = plan.delegateMethods.filter { keeping.undeclared.contains($0.method.selector(in: stream)) }
        if !undeclared.isEmpty {
            let declarations = undeclared.map { delegateMethod in
                let method = delegateMethod.method
                let start = Int(stream[method.declarationStart].start)
                let end = Int(stream[method.body!.lowerBound - 2].end)
                return SourceText.string(SourceEdit.apply(connectionTypeEdits(method).map { edit in
                    SourceEdit(range: (edit.range.lowerBound - start)..<(edit.range.upperBound - start), replacement: edit.replacement)
                }, to: Array(bytes[start..<end]))) + ";\n"
            }
            let offset = lineStart(of: Int(stream[plan.implementation.keyword].start))
            edits.append(SourceEdit(range: offset..<offset, replacement:
                "// \(keeping.base) keeps these NSURLConnection delegate selectors as ordinary methods;\n"
                + "// the NSURLSession protocols it adopts do not declare them.\n"
                + "@interface \(keeping.base) (\(plan.className)Overrides)\n" + declarations.joined() + "@end\n\n"))
        }
        return edits
    }

    /// The edits for the interface of a class moved in another file.
    func edits(for interface: InterfaceMigration) -> [SourceEdit] {
        declarationEdits(adoptedProtocols: interface.adoptedProtocols, storedConnectionTypes: interface.storedConnectionTypes)
    }

    /// A block type's connection parameter (`(^)(NSURLConnection *c, …)`, a caller's block's
    /// declaration) becomes `id`: a block written for `NSURLConnection *` still fits it, and gets the task.
    private func declarationEdits(adoptedProtocols: [Int], storedConnectionTypes: [Int]) -> [SourceEdit] {
        storedConnectionTypes.map { index in
            guard isBlockParameter(index), stream.isPunctuation(index + 1, "*") else { return replacing(index...index, with: "NSURLSessionDataTask") }
            let spaced = Int(stream[index + 1].end) < bytes.count && (bytes[Int(stream[index + 1].end)] == 0x20 || bytes[Int(stream[index + 1].end)] == 0x09)
            return replacing(index...(index + 1), with: spaced || !stream.isIdentifier(index + 2) ? "id" : "id ")
        } + adoptedProtocols.map { index in
            let name = stream.word(index) == .NSURLConnectionDataDelegate ? "NSURLSessionDataDelegate" : "NSURLSessionDelegate"
            return replacing(index...index, with: name)
        }
    }

    /// Whether the token at `index` is in the parameter list of a block type: `(^name)(…)`.
    private func isBlockParameter(_ index: Int) -> Bool {
        var position = index - 1
        while position > 0 {
            if stream.isPunctuation(position, "(") {
                guard stream.isPunctuation(position - 1, ")"), let open = file.structure.partner(position - 1) else { return false }
                return stream.isPunctuation(open + 1, "^")
            }
            if stream.isPunctuation(position, ")") || stream.isPunctuation(position, "]"), let partner = file.structure.partner(position) {
                position = partner - 1
                continue
            }
            if stream.isPunctuation(position, ";") || stream.isPunctuation(position, "{") || stream.isPunctuation(position, "}") { return false }
            position -= 1
        }
        return false
    }

    // MARK: Delegate methods

    /// `protectionSpaceMethod`: the class's `connection:canAuthenticateAgainstProtectionSpace:`, which a challenge method asks first.
    /// `challengeSender`: the class answering a challenge the challenge method hands on.
    private func methodEdits(_ delegateMethod: ConnectionMigrationPlan.DelegateMethod,
                             protectionSpaceMethod: ConnectionMigrationPlan.DelegateMethod? = nil,
                             challengeSender: String? = nil, asksRedirectWithTask: Bool = false,
                             performsOnOwnThread: Bool = false) -> [SourceEdit] {
        let method = delegateMethod.method
        guard let body = method.body, delegateMethod.role != .finish, delegateMethod.role != .failure else { return [] }
        var names = method.parameters.map { $0.name.map { stream.text($0) } ?? "_" }
        var edits: [SourceEdit] = []
        var aliases: [String] = []
        if delegateMethod.role.receivesGenericTask, !delegateMethod.connectionUses.isEmpty, let connection = names.first,
           connection != "task" {
            names[0] = "task"
            aliases.append(Self.taskAlias(connection))
        }
        // A parameter declared narrower than the session gives it (`(NSHTTPURLResponse *)response`)
        // is read by the body under its old name and type.
        for (index, parameter) in method.parameters.enumerated().dropFirst() {
            guard let sessionType = delegateMethod.role.sessionParameterType(at: index), let name = parameter.name,
                  !parameter.type.isEmpty, case let declared = text(parameter.type.lowerBound...(parameter.type.upperBound - 1)),
                  declared.filter({ !$0.isWhitespace }) != sessionType.filter({ !$0.isWhitespace }),
                  body.contains(where: { stream.haveSameText($0, name) && !stream.isPunctuation($0 - 1, ".") })
            else { continue }
            let oldName = names[index]
            names[index] = "session" + oldName.prefix(1).uppercased() + oldName.dropFirst()
            aliases.append(declared + (declared.hasSuffix("*") ? "" : " ") + "\(oldName) = (\(declared))\(names[index]);")
        }
        if delegateMethod.role == .bodyStream, let request = method.parameters.dropFirst().first?.name,
           body.contains(where: { stream.haveSameText($0, request) }) {
            // The request the stream is for: the one the task resends.
            aliases.append("NSURLRequest *\(stream.text(request)) = \(names[0]).currentRequest;")
        }
        if delegateMethod.role == .challenge, protectionSpaceMethod == nil, names.count > 1,
           method.selector(in: stream) == Self.protectionSpaceAskingChallengeSelector {
            // Without connection:canAuthenticateAgainstProtectionSpace:, NSURLConnection never sent this
            // method a server-trust or client-certificate challenge: it handled them as usual. A
            // session sends every challenge to its delegate.
            let method = "\(names[1]).protectionSpace.authenticationMethod"
            aliases.append("if ([\(method) isEqualToString:NSURLAuthenticationMethodServerTrust] || "
                + "[\(method) isEqualToString:NSURLAuthenticationMethodClientCertificate]) { "
                + "completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil); return; }")
        }
        if delegateMethod.role == .challenge, let protectionSpace = protectionSpaceMethod, names.count > 1 {
            // NSURLConnection asked about a space it refused no more; the session tries the next one.
            aliases.append("if (![self \(stream.text(protectionSpace.method.name)):(NSURLSessionDataTask *)\(names[0]) "
                + "canAuthenticateAgainstProtectionSpace:\(names[1]).protectionSpace]) { "
                + "completionHandler(NSURLSessionAuthChallengeRejectProtectionSpace, nil); return; }")
        }
        if delegateMethod.role == .challenge, let challengeSender, names.count > 1 {
            // Whoever it is handed to answers through its sender, which now calls the session's handler.
            aliases.append("\(names[1]) = [\(challengeSender) challenge:\(names[1]) answeringWith:completionHandler];")
        }
        if delegateMethod.role == .challenge, performsOnOwnThread, names.count > 1 {
            // Asked on the session's queue, answered on the class's thread, as the connection asked there.
            aliases.insert(ObjectiveCOwnThreadDelivery.challengeRedirection(task: names[0], challenge: names[1]), at: 0)
        }
        if !aliases.isEmpty {
            edits.append(insertingFirstStatements(aliases, body: body))
        }
        let declaration = delegateMethod.role == .redirect && asksRedirectWithTask
            ? ConnectionDelegateRole.taskRedirectDeclaration(parameterNames: names) : delegateMethod.role.sessionDeclaration(parameterNames: names)
        guard let declaration else {
            // Kept as it is (connectionShouldUseCredentialStorage:, which the session's creation
            // asks): only its parameter type moves.
            return connectionTypeEdits(method)
        }
        edits.append(replacing(method.declarationStart...(body.lowerBound - 2), with: declaration))
        let returns = topLevelReturns(in: body)
        switch delegateMethod.role.returnHandling {
        case .unchanged:
            break
        case .answerResponse:
            let value = "\(names[0]).state == NSURLSessionTaskStateCanceling ? NSURLSessionResponseCancel : NSURLSessionResponseAllow"
            for (keyword, semicolon) in returns {
                edits.append(inserting("{ completionHandler(\(value)); ", before: keyword))
                edits.append(inserting(" }", after: semicolon))
            }
            if returns.last?.semicolon != body.upperBound - 1 {
                edits.append(insertingStatement("completionHandler(\(value));", beforeClosingBrace: body.upperBound, body: body))
            }
        case .passReturnedValue:
            for (keyword, semicolon) in returns {
                let end = Int(stream[keyword + 1].start)
                edits.append(SourceEdit(range: Int(stream[keyword].start)..<end, replacement: "{ completionHandler("))
                edits.append(replacing(semicolon...semicolon, with: "); return; }"))
            }
        }
        if delegateMethod.role == .challenge, let challenge = method.parameters.dropFirst().first?.name {
            edits += challengeSenderEdits(in: body, challenge: challenge, task: names[0])
        }
        return edits
    }

    /// A method kept under its selector: its `NSURLConnection *` parameters become the task's type.
    private func connectionTypeEdits(_ method: MethodSpan) -> [SourceEdit] {
        method.parameters.flatMap { parameter in
            parameter.type.filter { stream.word($0) == .NSURLConnection }.map { replacing($0...$0, with: "NSURLSessionDataTask") }
        }
    }

    /// The `return` statements of `body` outside nested blocks: (keyword, its `;`).
    private func topLevelReturns(in body: Range<Int>) -> [(keyword: Int, semicolon: Int)] {
        var blockBodies: [ClosedRange<Int>] = []
        for index in body where stream.isPunctuation(index, "^") {
            var next = index + 1
            while next < body.upperBound, !stream.isPunctuation(next, "{"), !stream.isPunctuation(next, ";") {
                next = (stream.isPunctuation(next, "(") ? file.structure.partner(next) ?? next : next) + 1
            }
            if stream.isPunctuation(next, "{"), let close = file.structure.partner(next) { blockBodies.append(next...close) }
        }
        var returns: [(Int, Int)] = []
        for index in body where stream[index].kind == .keyword && stream.text(index) == "return"
            && !blockBodies.contains(where: { $0.contains(index) }) {
            var end = index + 1
            while end < body.upperBound, !stream.isPunctuation(end, ";") {
                if let partner = file.structure.partner(end), partner > end { end = partner }
                end += 1
            }
            returns.append((index, end))
        }
        return returns
    }

    /// `[challenge.sender useCredential:c forAuthenticationChallenge:challenge]` and the like →
    /// `completionHandler(disposition, credential)`.
    /// A cancel becomes `[self sessionTask:task cancelsChallengeWith:completionHandler]`, which
    /// remembers the task (`ConnectionMigrationPlan.cancelsChallenge`).
    private func challengeSenderEdits(in body: Range<Int>, challenge: Int, task: String) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        for open in body where stream.isPunctuation(open, "[") {
            let selector: Int
            if stream.haveSameText(open + 1, challenge), stream.isPunctuation(open + 2, "."), stream.text(open + 3) == "sender" {
                selector = open + 4
            } else if stream.isPunctuation(open + 1, "["), stream.haveSameText(open + 2, challenge),
                      stream.text(open + 3) == "sender", stream.isPunctuation(open + 4, "]") {
                selector = open + 5
            } else {
                continue
            }
            guard let close = file.structure.partner(open),
                  let answer = ChallengeAnswerCatalogue.byObjectiveCPiece[stream.text(selector)] else { continue }
            var credential = "nil"
            if answer.passesCredential,
               let label = ((selector + 2)..<close).first(where: { stream.text($0) == "forAuthenticationChallenge" }) {
                credential = text((selector + 2)...(label - 1))
            }
            edits.append(replacing(open...close, with: answer.failsTheLoad
                ? "[self sessionTask:\(task) cancelsChallengeWith:completionHandler]"
                : "completionHandler(\(answer.objectiveCDisposition), \(credential))"))
        }
        return edits
    }

    // MARK: Completion

    /// The finish and failure bodies merged into `URLSession:task:didCompleteWithError:`, where
    /// the first of the two methods was; the other is removed. A class with neither still needs
    /// the method, which ends the session: it comes back as `addedBeforeEnd`, text for the one
    /// insertion before `@end` that also adds the session's other methods (two insertions at one
    /// offset would overlap).
    private func completionEdits(_ plan: ConnectionMigrationPlan, indent: String, avoiding taken: Set<String>)
        -> (edits: [SourceEdit], addedBeforeEnd: String) {
        let finish = plan.method(.finish)
        let failure = plan.method(.failure)
        // The old bodies read the connection under their own parameter names; each used one
        // becomes a typed alias of the task.
        let usedNames = [finish, failure].compactMap { $0 }.filter { !$0.connectionUses.isEmpty }
            .compactMap { $0.method.parameters.first?.name.map { stream.text($0) } }
        var aliases: [String] = []
        // The names the method adds may not hide an instance variable a moved body reads.
        let addedTask = ObjectiveCClassStyle.unshadowed("task", avoiding: taken)
        for name in usedNames where name != addedTask && !aliases.contains(name) { aliases.append(name) }
        let task = usedNames.isEmpty
            ? ((finish ?? failure)?.method.parameters.first?.name.map { stream.text($0) } ?? addedTask) : addedTask
        let error = failure?.method.parameters.dropFirst().first?.name.map { stream.text($0) }
            ?? ObjectiveCClassStyle.unshadowed("error", avoiding: taken)
        var text = "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)\(task) didCompleteWithError:(NSError *)\(error)"
        let bodyOpening = (finish ?? failure).map { separatorBeforeBody($0.method) } ?? "\n"
        text += bodyOpening + "{\n"
        text += aliases.map { indent + Self.taskAlias($0, task: addedTask) + "\n" }.joined()
        if plan.cancelsChallenge { text += indent + ObjectiveCSessionSupport.challengeErrorStatement(task: task, error: error) + "\n" }
        text += "\(indent)if ([self sessionTaskDidEndCancelled:\(error)]) {\n\(indent)\(indent)return;\n\(indent)}\n"
        var branches: [String] = []
        if let finish { branches.append("if (\(error) == nil) {" + nestedBody(finish.method, indent: indent)) }
        if let failure {
            let opening = finish == nil ? "if (\(error) != nil) {" : "else {"
            branches.append(opening + nestedBody(failure.method, indent: indent))
        }
        if !branches.isEmpty { text += indent + branches.joined(separator: " ") + "\n" }
        text += "}"
        let methods = [finish, failure].compactMap { $0?.method }.sorted { $0.declarationStart < $1.declarationStart }
        guard let first = methods.first, let firstBody = first.body else {
            return ([], text + "\n\n")
        }
        var edits = [replacing(first.declarationStart...firstBody.upperBound, with: text)]
        if methods.count == 2 { edits.append(removingLines(of: methods[1])) }
        return (edits, "")
    }

    /// The challenge selector NSURLConnection asked `connection:canAuthenticateAgainstProtectionSpace:`
    /// before (`connection:willSendRequestForAuthenticationChallenge:` is sent every challenge).
    private static let protectionSpaceAskingChallengeSelector = "connection:didReceiveAuthenticationChallenge:"

    /// The old connection parameter's name, bound to the task NSURLSession passes.
    private static func taskAlias(_ name: String, task: String = "task") -> String {
        "NSURLSessionDataTask *\(name) = (NSURLSessionDataTask *)\(task);"
    }

    // MARK: Session support

    /// The session's instance variables, and before `@end` `addedMethods` then the session's methods.
    private func supportEdits(
        _ plan: ConnectionMigrationPlan, declaresSessionProtocol: Bool, after addedMethods: String, style: (unit: String, taken: Set<String>)
    ) -> [SourceEdit] {
        let implementation = plan.implementation
        var edits: [SourceEdit] = []
        let headerEnd = implementation.body.lowerBound
        let onOwnThread = plan.performsOnOwnThread
        // A URL protocol's session is its class's.
        let instanceVariables = (plan.forwardsForURLProtocol ? "" : ObjectiveCSessionSupport.instanceVariables(indent: style.unit))
            + (onOwnThread ? ObjectiveCOwnThreadDelivery.instanceVariables(indent: style.unit, keepsRunLoopRunning: plan.recordsCreatingThread) : "")
        if stream.isPunctuation(headerEnd, "{"), let close = file.structure.partner(headerEnd) {
            let offset = lineStart(of: Int(stream[close].start))
            edits.append(SourceEdit(range: offset..<offset, replacement: instanceVariables))
        } else {
            let offset = Int(stream[implementation.name].end)
            edits.append(SourceEdit(range: offset..<offset, replacement: " {\n" + instanceVariables + "}"))
        }
        let end = lineStart(of: Int(stream[implementation.body.upperBound].start))
        let delegate = declaresSessionProtocol ? "self" : "(id<NSURLSessionDataDelegate>)self"
        let roles = Set(plan.delegateMethods.map(\.role))
        // Under manual retain/release the delivery's instance variables go with the instance.
        let dealloc = file.structure.instanceMethod("dealloc", of: implementation, in: stream)
        if onOwnThread, let body = dealloc?.body {
            let brace = Int(stream[body.lowerBound - 1].end)
            let first = body.isEmpty ? nil : Int(stream[body.lowerBound].start)
            let indent = first.map { SourceText.string(bytes[lineStart(of: $0)..<$0].prefix { $0 == 0x20 || $0 == 0x09 }) } ?? style.unit
            edits.append(SourceEdit(range: brace..<brace, replacement: "\n" + ObjectiveCOwnThreadDelivery.releases(
                indent: indent.isEmpty ? style.unit : indent, keepsRunLoopRunning: plan.recordsCreatingThread).dropLast()))
        }
        let methods = ObjectiveCSessionSupport.methods(
            for: plan.creationSites, delegate: delegate, asksCredentialStorage: roles.contains(.credentialStorage),
            asksAboutFirstRequest: roles.contains(.redirect), asksRedirectWithTask: plan.redirectReadsConnection,
            performsOnOwnThread: onOwnThread, recordsCreatingThread: plan.recordsCreatingThread, cancelsChallenge: plan.cancelsChallenge,
            sharedSession: plan.forwardsForURLProtocol ? ObjectiveCURLProtocolSession.className(for: plan.className) : nil)
            + (onOwnThread ? ObjectiveCOwnThreadDelivery.methods(keepsRunLoopRunning: plan.recordsCreatingThread) : "")
            + (onOwnThread && dealloc == nil ? ObjectiveCOwnThreadDelivery.deallocMethod(keepsRunLoopRunning: plan.recordsCreatingThread) : "")
        let styled = ObjectiveCClassStyle.reindented(ObjectiveCClassStyle.renamingAddedNames(in: methods, avoiding: style.taken), unit: style.unit)
        edits.append(SourceEdit(range: end..<end, replacement: addedMethods + styled))
        return edits
    }

    /// `statement` on its own line before the body's closing brace, indented as the body's
    /// first statement; on the brace's line when the brace follows code.
    private func insertingStatement(_ statement: String, beforeClosingBrace close: Int, body: Range<Int>) -> SourceEdit {
        let braceOffset = Int(stream[close].start)
        let braceLine = lineStart(of: braceOffset)
        guard bytes[braceLine..<braceOffset].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
            return SourceEdit(range: braceOffset..<braceOffset, replacement: statement + " ")
        }
        let indent: String
        if body.isEmpty {
            indent = SourceText.string(bytes[braceLine..<braceOffset]) + "    "
        } else {
            let first = Int(stream[body.lowerBound].start)
            let firstLine = lineStart(of: first)
            indent = SourceText.string(bytes[firstLine..<first].prefix { $0 == 0x20 || $0 == 0x09 })
        }
        return SourceEdit(range: braceLine..<braceLine, replacement: indent + statement + "\n")
    }
}
