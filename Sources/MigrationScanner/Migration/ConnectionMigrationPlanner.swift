import Foundation

/// Builds the migration plan of every NSURLConnection delegate class implemented in one
/// Objective-C file.
struct ConnectionMigrationPlanner {
    let file: ScannedFile
    package var stream: TokenStream { file.stream }
    var structure: SourceStructure { file.structure }

    /// Messages that tie a connection to a run loop or queue; the plan does not move them yet,
    /// except `setDelegateQueue:` right after a deferred creation (`DelegateQueueMessage`).
    private static let unmovedSchedulingSelectors = Set(ConnectionAPICatalogue.scheduling.map(\.objectiveCName))
    private static let schedulingSelectorSieve = TokenTextSieve(unmovedSchedulingSelectors)

    init(file: ScannedFile) {
        self.file = file
    }

    /// One plan per `@implementation` that creates connections or implements their delegate
    /// methods, in file order.
    func plans() -> [ConnectionMigrationPlan] {
        let dynamicSelectors = dynamicallyNamedSelectors()
        var plans = structure.types.compactMap { type -> ConnectionMigrationPlan? in
            guard type.kind == .objectiveCImplementation, !stream[type.keyword].isInactive else { return nil }
            return plan(for: type, dynamicSelectors: dynamicSelectors)
        }
        let classes = structure.types.filter { $0.kind == .objectiveCInterface && !stream[$0.keyword].isInactive }
            .map { (name: stream.text($0.name), superclass: $0.superclass.map { stream.text($0) }) }
        addBlockTypedefs(to: &plans)
        // A subclass that creates no connection moves with its superclass or holds it back, in this
        // file or another, as the survey settles (`ObjectiveCSessionFixer.Survey.movedWithSuperclass`).
        let settledBySurvey = Set(plans.filter { $0.superclassOverride != nil }.map(\.className))
        ConnectionMigrationPlan.holdSubclassesWithTheirSuperclasses(
            &plans, classes: classes.filter { !settledBySurvey.contains($0.name) },
            outcome: "a class moves to NSURLSession only with its whole delegate code, so both are left on NSURLConnection")
        return plans
    }

    private func plan(for implementation: TypeSpan, dynamicSelectors: Set<String>) -> ConnectionMigrationPlan? {
        let className = stream.text(implementation.name)
        let interfaces = structure.types.filter {
            $0.kind == .objectiveCInterface && stream.text($0.name) == className
        }
        var plan = ConnectionMigrationPlan(
            className: className, implementation: implementation, interfaces: interfaces, creationSites: [],
            storedConnectionTypes: [], adoptedProtocols: [], delegateMethods: [], cancels: [], starts: [], obstacles: [])
        var signatures: [ClosedRange<Int>] = []
        // Obstacles that matter only to a class that has something of NSURLConnection's.
        var conditional: [ConnectionMigrationPlan.Obstacle] = []
        var isURLProtocol = false
        for method in structure.methods(in: [implementation]) where method.body != nil {
            let selector = method.selector(in: stream)
            // A delegate selector kept by a move (`keptSelectors`) is an ordinary method taking the task.
            if DelegateMethodCatalogue.roleBySelector[selector] != nil, let type = method.parameters.first?.type,
               type.contains(where: { stream.hasText($0, "NSURLSessionDataTask") }) {
                continue
            }
            if let role = DelegateMethodCatalogue.roleBySelector[selector] {
                let connection = method.parameters.first?.name
                // `self.connection` is a property of the same name, not the parameter; `[super connection:…]`
                // and `@selector(connection:…)` name a selector.
                let uses = connection.map { name in
                    method.body!.filter { stream.haveSameText($0, name) && !stream.isPunctuation($0 - 1, ".") && !isSelectorPiece($0) }
                } ?? []
                plan.delegateMethods.append(.init(role: role, method: method, connectionUses: uses))
                signatures.append(method.declarationStart...(method.body!.lowerBound - 1))
                if role == .redirect, !uses.isEmpty {
                    // Asked with the task, which for the first request is created first (`redirectReadsConnection`).
                    plan.redirectReadsConnection = true
                } else if let why = role.whyTheBodyCannotReadItsConnection, !uses.isEmpty {
                    plan.obstacles.append(.init(token: method.name, reason:
                        "\(selector) reads its connection, but \(why); \(className) is left on NSURLConnection"))
                }
                if let other = otherConnectionClass(of: method) {
                    plan.obstacles.append(.init(token: other, reason:
                        "\(selector) receives \(stream.text(other)) *, not NSURLConnection *: that class stays on NSURLConnection "
                        + "and would no longer call a moved method; \(className) is left on NSURLConnection"))
                }
            } else if selector.hasPrefix("URLSession:") {
                if !conditional.contains(where: { $0.reason.contains("also an NSURLSession delegate") }) {
                    conditional.append(.init(token: method.name, reason:
                        "\(className) is also an NSURLSession delegate; a delegate shared between connections and sessions is left to migrate by hand"))
                }
            } else if selector.hasPrefix("connection"), method.parameter(0, hasType: .NSURLConnection, in: stream) {
                plan.obstacles.append(.init(token: method.name, reason: DelegateMethodCatalogue.bySelector[selector]?.declaredBy == .download
                    ? "\(selector) is NSURLConnectionDownloadDelegate's: Apple documents it for Newsstand's asset downloads only, "
                        + "and what a plain connection does for a delegate that implements it is undocumented (on iOS it stops "
                        + "calling connection:didReceiveData:), so no session task is known to do the same; move to "
                        + "-[NSURLSession downloadTaskWithRequest:] by hand; \(className) is left on NSURLConnection"
                    : "\(selector) has no NSURLSession counterpart the migration knows; \(className) is left on NSURLConnection"))
            }
        }
        if stream.isPunctuation(implementation.name + 1, "(") {
            conditional.append(.init(token: implementation.name, reason:
                "a category cannot add the session's instance variables; migrate \(className) in its main @implementation"))
        }
        for interface in interfaces {
            if let superclass = interface.superclass, stream.word(superclass) == .NSURLConnection {
                plan.obstacles.append(.init(token: superclass, reason:
                    "\(className) subclasses NSURLConnection; NSURLSessionTask cannot be subclassed to the same effect"))
            }
            if let superclass = interface.superclass, stream.text(superclass) == "NSURLProtocol" {
                isURLProtocol = true
            }
            plan.adoptedProtocols += connectionProtocols(of: interface)
            plan.keptSelectors.formUnion(declaredDelegateMethods(in: interface).map { $0.selector(in: stream) })
        }
        let ranges = [implementation.body] + interfaces.map(\.body) + interfaces.map { $0.keyword..<$0.body.lowerBound }
        for range in ranges {
            for index in range where !stream[index].isInactive {
                inspect(index, signatures: signatures, into: &plan, conditional: &conditional)
            }
        }
        plan.starts = startMessages(in: implementation.body, storedConnectionTypes: plan.storedConnectionTypes)
        if plan.redirectReadsConnection, let redirect = plan.method(.redirect), let read = storedConnectionRead(in: redirect.method, plan) {
            plan.obstacles.append(.init(token: read, reason:
                "connection:willSendRequest:redirectResponse: reads the stored connection; asked about the first request when "
                + "its task is created, before the task is stored, it would find another value; \(className) is left on NSURLConnection"))
        }
        adoptOwnThreadSchedulings(into: &plan, conditional: &conditional)
        adoptRunLoopWait(into: &plan, conditional: &conditional)
        // A stream scheduled in a run loop is used from the delegate methods: it stays right when they
        // stay on their thread, the main one.
        let streamSchedulings = conditional.filter { stream.text($0.token) == ConnectionAPICatalogue.scheduleInRunLoop.objectiveCName && !schedulesConnection($0.token, plan) }
        if !streamSchedulings.isEmpty, !plan.creationSites.isEmpty, plan.creationSites.allSatisfy({ deliversOnMainThread($0) }) {
            conditional.removeAll { obstacle in streamSchedulings.contains { $0.token == obstacle.token } }
        }
        let queues = Set(plan.creationSites.map { site -> String? in
            switch site.delegateQueue?.queue {
            case nil, .usual: nil
            case .main: Self.mainQueueKey
            case .expression(let queue): queue.map { stream.text($0) }.joined(separator: " ")
            }
        })
        if queues.count > 1, let first = plan.creationSites.first {
            conditional.append(.init(token: first.expression.lowerBound, reason:
                "\(className)'s connections deliver on different queues (setDelegateQueue: on some, or different ones); "
                + "its one session has one delegate queue"))
        }
        // A class with nothing of NSURLConnection's (a migrated one, too) has no plan.
        if plan.creationSites.isEmpty && plan.delegateMethods.isEmpty && plan.obstacles.isEmpty { return nil }
        // A file cut short: the session's methods go before `@end`, which is not there.
        if implementation.body.upperBound >= stream.count {
            plan.obstacles.append(.init(token: implementation.name, reason:
                "\(className)'s @implementation has no @end; \(className) is left on NSURLConnection"))
        }
        // `+connection:didReceiveData:`, or `delegate:self` in a class method: the class object is
        // the delegate, and the session, its instance variables and methods are an instance's.
        let classMethods = structure.methods(in: [implementation]).filter {
            $0.body != nil && stream.isPunctuation($0.declarationStart, "+")
        }
        let classLevel = plan.delegateMethods.map(\.method.name).filter { name in classMethods.contains { $0.name == name } }
            + plan.creationSites.map(\.expression.lowerBound).filter { site in classMethods.contains { $0.body!.contains(site) } }
        if let first = classLevel.min() {
            plan.obstacles.append(.init(token: first, reason:
                "the class object \(className) is the connection's delegate (a class method creates the connection with "
                + "delegate:self, or implements a delegate method); the session belongs to an instance, so \(className) is left "
                + "on NSURLConnection"))
        }
        if plan.creationSites.isEmpty, let first = plan.delegateMethods.first {
            let obstacle: ConnectionMigrationPlan.Obstacle
            if let override = plan.delegateMethods.first(where: { sendsItsSelectorToSuper($0.method) }) {
                let superclass = interfaces.lazy.compactMap(\.superclass).first.map { stream.text($0) } ?? "its superclass"
                obstacle = .init(token: override.method.name, reason:
                    "\(className)'s delegate methods override \(superclass)'s (they call super), whose code creates the "
                    + "connections: they move with \(superclass), not on their own; \(className) is left on NSURLConnection")
            } else {
                obstacle = .init(token: first.method.name, reason:
                    "\(className) creates no connection with itself as the delegate: another object creates them and stays on "
                    + "NSURLConnection, which would no longer call the moved methods; the session belongs to this class, so move "
                    + "the creation here (a method that returns the task) and run --fix again, or migrate both by hand")
            }
            plan.obstacles.append(obstacle)
            // Settled by the survey when a superclass up the chain creates the connections.
            plan.superclassOverride = .init(obstacle: obstacle, readsConnection: plan.delegateMethods.contains { delegateMethod in
                delegateMethod.connectionUses.contains { !isArgumentOfMessageToSuper($0, in: delegateMethod.method.body!) }
            })
        }
        if let challenge = plan.method(.challenge), challengeHandedOn(challenge.method) != nil {
            plan.challengeHandedOn = true
        }
        if let body = plan.method(.challenge)?.method.body {
            plan.cancelsChallenge = body.contains { index in
                stream.isPunctuation(index + 1, ":") && ChallengeAnswerCatalogue.byObjectiveCPiece[stream.text(index)]?.failsTheLoad == true
            }
        }
        if let protectionSpace = plan.method(.protectionSpace), plan.method(.challenge) == nil {
            plan.obstacles.append(.init(token: protectionSpace.method.name, reason:
                "\(className) answers connection:canAuthenticateAgainstProtectionSpace: but has no challenge method to ask it; "
                + "\(className) is left on NSURLConnection"))
        }
        plan.keptSelectors.formUnion(dynamicSelectors)
        if let challenge = plan.method(.challenge), plan.keptSelectors.contains(challenge.method.selector(in: stream)) {
            plan.obstacles.append(.init(token: challenge.method.name, reason: Self.keptChallengeReason(className: className)))
        }
        plan.obstacles += conditional
        if isURLProtocol {
            adoptURLProtocolForwarding(into: &plan)
        }
        return plan
    }

    /// A use of the challenge method's challenge other than reading one of its properties
    /// (`challenge.protectionSpace`) or answering through its sender, which the emitter turns
    /// into the completion handler: the challenge passed to a method or stored.
    private func challengeHandedOn(_ method: MethodSpan) -> Int? {
        guard let body = method.body, let challenge = method.parameters.dropFirst().first?.name else { return nil }
        return body.first { index in
            guard stream.haveSameText(index, challenge), !stream.isPunctuation(index - 1, ".") else { return false }
            // `challenge.x` reads a property; `[challenge sender]` and `[challenge.sender …:challenge]` answer it.
            if stream.isPunctuation(index + 1, ".") || stream.text(index + 1) == "sender" || stream.text(index + 1) == "protectionSpace"
                || stream.text(index + 1) == "previousFailureCount" || stream.text(index + 1) == "proposedCredential" {
                return false
            }
            return !isArgumentOfSenderAnswer(index, in: body)
        }
    }

    /// Whether the token at `index` is the `forAuthenticationChallenge:` argument (or the only one)
    /// of a `challenge.sender` answer.
    private func isArgumentOfSenderAnswer(_ index: Int, in body: Range<Int>) -> Bool {
        guard stream.isPunctuation(index - 1, ":"), stream.isPunctuation(index + 1, "]") else { return false }
        var open = index
        while open > body.lowerBound, !(stream.isPunctuation(open, "[") && structure.partner(open) == index + 1) { open -= 1 }
        let selector = stream.isPunctuation(open + 2, ".") ? open + 4 : open + 5
        return ChallengeAnswerCatalogue.byObjectiveCPiece[stream.text(selector)] != nil
    }

    /// Whether `method`'s body sends `[super <its own selector's first piece>…]`: an override that
    /// hands on to the superclass's delegate method.
    private func sendsItsSelectorToSuper(_ method: MethodSpan) -> Bool {
        guard let body = method.body else { return false }
        // A body cut short by the end of the file may end right after `[super`.
        return body.contains { index in
            index + 2 < stream.count && stream.isPunctuation(index, "[") && stream.hasText(index + 1, "super")
                && stream.haveSameText(index + 2, method.name)
        }
    }

    /// Whether the identifier at `index` is a piece of a selector (`[x connection:c]`,
    /// `@selector(connection:)`), not a value: a `:` follows and no `:` or `?` precedes it.
    private func isSelectorPiece(_ index: Int) -> Bool {
        stream.isPunctuation(index + 1, ":") && !stream.isPunctuation(index - 1, ":") && !stream.isPunctuation(index - 1, "?")
    }

    /// Whether the token at `index` is an argument of a `[super …]` message (`[super x:c y:d]`).
    private func isArgumentOfMessageToSuper(_ index: Int, in body: Range<Int>) -> Bool {
        guard stream.isPunctuation(index - 1, ":") else { return false }
        var open = index - 1
        while open >= body.lowerBound {
            if stream.isPunctuation(open, "["), let close = structure.partner(open), close > index {
                return stream.hasText(open + 1, "super")
            }
            open -= 1
        }
        return false
    }

    /// Why a challenge method whose selector is kept keeps its class on NSURLConnection.
    static func keptChallengeReason(className: String) -> String {
        "\(className) sends, names or declares its challenge method, which the session answers through a completion "
            + "handler its old selector has no place for; \(className) is left on NSURLConnection"
    }

    /// Whether the `scheduleInRunLoop` at `selector` is sent to one of the class's connections
    /// (`c`, `_c`, `self.c` of a stored `NSURLConnection *c`), not to a stream.
    func schedulesConnection(_ selector: Int, _ plan: ConnectionMigrationPlan) -> Bool {
        let declared = plan.storedConnectionTypes.compactMap { stream.isIdentifier($0 + 2) ? stream.text($0 + 2) : nil }
        let receiver = stream.text(selector - 1)
        return declared.contains(receiver) || declared.contains { "_" + $0 == receiver } || !stream.isIdentifier(selector - 1)
    }

    /// The connection parameters of the file's block typedefs (`typedef void (^Done)(NSURLConnection *c);`)
    /// that a class names go with its stored connections: its kept methods pass the task to such a block.
    private func addBlockTypedefs(to plans: inout [ConnectionMigrationPlan]) {
        for index in 0..<stream.count where stream.hasText(index, "typedef") && !stream[index].isInactive {
            var position = index + 1
            while position < stream.count, !stream.isPunctuation(position, ";"), !stream.isPunctuation(position, "^") { position += 1 }
            guard stream.isPunctuation(position, "^"), stream.isIdentifier(position + 1), stream.isPunctuation(position + 2, ")"),
                  stream.isPunctuation(position + 3, "("), let close = structure.partner(position + 3) else { continue }
            let connections = ((position + 4)..<close).filter { stream.word($0) == .NSURLConnection && stream.isPunctuation($0 + 1, "*") }
            guard !connections.isEmpty,
                  let planIndex = plans.firstIndex(where: { plan in
                      ([plan.implementation] + plan.interfaces).contains { type in type.body.contains { stream.haveSameText($0, position + 1) } }
                  }) else { continue }
            plans[planIndex].storedConnectionTypes += connections
        }
    }

    /// Where `method`'s body reads one of the class's stored connections (`self.c`, `_c`: declared
    /// `NSURLConnection *c`, or assigned a creation), if anywhere.
    private func storedConnectionRead(in method: MethodSpan, _ plan: ConnectionMigrationPlan) -> Int? {
        let assigned = plan.creationSites.compactMap { site -> String? in
            let outer = site.expression.lowerBound
            return stream.isPunctuation(outer - 1, "=") && stream.isIdentifier(outer - 2) ? stream.text(outer - 2) : nil
        }
        let declared = Set(plan.storedConnectionTypes.compactMap { stream.isIdentifier($0 + 2) ? stream.text($0 + 2) : nil } + assigned)
        return method.body?.first { index in
            guard stream.isIdentifier(index) else { return false }
            let text = stream.text(index)
            return (declared.contains(text) && stream.isPunctuation(index - 1, ".") && stream.text(index - 2) == "self")
                || (text.hasPrefix("_") && declared.contains(String(text.dropFirst())))
        }
    }

    /// Whether a creation's delegate calls come on the main thread before and after the move: it
    /// is scheduled in the main run loop (or given the main queue), or it is created, unscheduled
    /// or in the current run loop, in a block run on the main queue (`dispatch_async(dispatch_get_main_queue(),
    /// ^{ … })`, `[[NSOperationQueue mainQueue] addOperationWithBlock:^{ … }]`), where the session's usual
    /// queue is the main queue.
    private func deliversOnMainThread(_ site: ConnectionMigrationPlan.CreationSite) -> Bool {
        switch site.delegateQueue?.queue {
        case .main: return true
        case .expression: return false
        case nil, .usual: break
        }
        var index = site.expression.lowerBound
        while index > 0 {
            index -= 1
            // `dispatch_async(dispatch_get_main_queue(), ^{` and `[[NSOperationQueue mainQueue] addOperationWithBlock:^{`:
            // both have the block's `{` five tokens after the queue's name.
            let dispatched = stream.hasText(index, "dispatch_get_main_queue") && stream.isPunctuation(index - 1, "(")
                && ["dispatch_async", "dispatch_sync"].contains(stream.text(index - 2)) && stream.isPunctuation(index + 3, ",")
            let operation = stream.hasText(index, "mainQueue") && stream.text(index - 1) == "NSOperationQueue"
                && stream.isPunctuation(index + 1, "]") && stream.text(index + 2) == "addOperationWithBlock"
            guard dispatched || operation, stream.isPunctuation(index + 4, "^"), stream.isPunctuation(index + 5, "{"),
                  let close = structure.partner(index + 5) else { continue }
            return close > site.expression.upperBound
        }
        return false
    }

    /// Why a scheduling message keeps its class on NSURLConnection.
    private static func schedulingReason(_ selector: String) -> String {
        guard selector != ConnectionAPICatalogue.setDelegateQueue.objectiveCName else {
            return "setDelegateQueue: moves only after its connection's startImmediately:NO creation, before anything else "
                + "in the block uses the connection or changes the queue, "
                + "with a queue that does not read the connection and runs one operation at a time (the main queue, or one "
                + "whose maxConcurrentOperationCount the file sets to 1): the session, which fixes the delegate queue, is made "
                + "there, and calls its delegate at once on a concurrent queue, where the connection sent one message at a time"
        }
        return "\(selector):forMode: moves only on the main run loop (or the current one), after its connection's "
            + "startImmediately:NO creation and before anything else in the block uses the connection; another run loop "
            + "ties the delegate calls to that run loop's thread and modes, shared with the class's other "
            + "work there (streams scheduled in it, performSelector:onThread:); an NSURLSession calls its delegate on an "
            + "operation queue's threads, even a serial queue's, and knows no run loop modes, so the calls would leave that thread"
    }

    /// The class named by a delegate method's connection parameter when it is not NSURLConnection
    /// (`(MyConnection *)connection`: a subclass, whose connections the plan does not move).
    /// A Foundation class there (`(NSURLResponse *)connection`, a slip the facebook-ios-sdk 3.x
    /// shipped) subclasses no NSURLConnection: the connections are NSURLConnection's, and the
    /// method moves like any other.
    private func otherConnectionClass(of method: MethodSpan) -> Int? {
        guard let type = method.parameters.first?.type, !method.parameter(0, hasType: .NSURLConnection, in: stream) else { return nil }
        return type.first { stream.isIdentifier($0) && stream.text($0) != "id" && !stream.hasPrefix($0, "NS") }
    }

    /// The interfaces in this file of `movedClasses` whose implementation is elsewhere.
    func interfaceMigrations(movedClasses: Set<String>) -> [InterfaceMigration] {
        let implemented = Set(structure.types.filter { $0.kind == .objectiveCImplementation }.map { stream.text($0.name) })
        return structure.types.compactMap { interface in
            let name = stream.text(interface.name)
            guard interface.kind == .objectiveCInterface, !stream[interface.keyword].isInactive,
                  movedClasses.contains(name), !implemented.contains(name) else { return nil }
            let stored = (interface.keyword..<interface.body.upperBound).filter {
                stream.word($0) == .NSURLConnection && stream.isPunctuation($0 + 1, "*") && !stream[$0].isInactive
            }
            return InterfaceMigration(className: name, adoptedProtocols: connectionProtocols(of: interface), storedConnectionTypes: stored)
        }
    }

    /// The delegate methods an `@interface` declares itself (for subclasses calling `super`, or
    /// other callers): a moved class keeps them under their selectors.
    func declaredDelegateMethods(in interface: TypeSpan) -> [MethodSpan] {
        structure.methods(in: [interface]).filter {
            $0.body == nil && !stream[$0.name].isInactive && DelegateMethodCatalogue.roleBySelector[$0.selector(in: stream)] != nil
        }
    }

    /// `NSURLConnectionDelegate` and `NSURLConnectionDataDelegate` in the interface's protocol list.
    func connectionProtocols(of interface: TypeSpan) -> [Int] {
        interface.inherited.filter {
            stream.word($0) == .NSURLConnectionDelegate || stream.word($0) == .NSURLConnectionDataDelegate
        }
    }

    /// Files the token at `index` under creation sites, stored connections, cancels or obstacles
    /// (`conditional`: a stream scheduled in a run loop is no obstacle in a class without connections).
    private func inspect(
        _ index: Int, signatures: [ClosedRange<Int>], into plan: inout ConnectionMigrationPlan,
        conditional: inout [ConnectionMigrationPlan.Obstacle]
    ) {
        // Every token of the class passes here: its text is made only where a selector may be.
        if stream.word(index) == .NSURLConnection, !signatures.contains(where: { $0.contains(index) }) {
            if let site = creationSite(at: index, into: &plan) {
                plan.creationSites.append(site)
            } else if stream.isPunctuation(index + 1, "*") {
                plan.storedConnectionTypes.append(index)
            }
        } else if stream.hasName(index, ConnectionAPICatalogue.cancel.objectiveCName), stream.isPunctuation(index + 1, "]") {
            plan.cancels.append(index)
        } else if stream.isIdentifier(index), stream.isPunctuation(index + 1, ":"), Self.schedulingSelectorSieve.mayMatch(index, in: stream),
                  case let text = stream.text(index),
                  Self.unmovedSchedulingSelectors.contains(text),
                  !plan.creationSites.contains(where: { $0.delegateQueue?.selectors.contains(index) == true }) {
            conditional.append(.init(token: index, reason: Self.schedulingReason(text) + "; \(plan.className) is left on NSURLConnection"))
        } else if let selector = selfSentDelegateSelector(at: index) {
            plan.keptSelectors.insert(selector)
        } else if !signatures.contains(where: { $0.contains(index) }),
                  let reason = deliveryDependenceReason(at: index, className: plan.className) {
            conditional.append(.init(token: index, reason: reason))
        }
    }

    /// The creation expression whose class name is at `index`, or nil; a creation the plan
    /// cannot move adds an obstacle.
    private func creationSite(at index: Int, into plan: inout ConnectionMigrationPlan) -> ConnectionMigrationPlan.CreationSite? {
        let outer: Int
        let firstArgument: Int
        let isRetained: Bool
        if stream.isPunctuation(index - 1, "["), stream.word(index + 1) == .alloc, stream.isPunctuation(index + 2, "]"),
           stream.word(index + 3) == .initWithRequest, stream.isPunctuation(index + 4, ":"), stream.isPunctuation(index - 2, "[") {
            (outer, firstArgument, isRetained) = (index - 2, index + 5, true)
        } else if stream.isPunctuation(index - 1, "["), stream.word(index + 1) == .connectionWithRequest,
                  stream.isPunctuation(index + 2, ":") {
            (outer, firstArgument, isRetained) = (index - 1, index + 3, false)
        } else {
            return nil
        }
        guard let close = structure.partner(outer) else { return nil }
        let arguments = CreationArguments(file: file, from: firstArgument, to: close)
        guard let delegate = arguments.labels["delegate"] else { return nil }
        if !arguments.delegateIsSelf {
            plan.obstacles.append(.init(token: index, reason:
                "the connection's delegate is another object; migrate that object's class, which owns the session"))
            return nil
        }
        guard let startsImmediately = arguments.startsImmediately else {
            plan.obstacles.append(.init(token: index, reason:
                "startImmediately: takes a computed value; \(plan.className) is left on NSURLConnection"))
            return nil
        }
        return .init(isRetained: isRetained, startsImmediately: startsImmediately, expression: outer...close,
                     request: firstArgument...(delegate - 1),
                     delegateQueue: startsImmediately ? nil : delegateQueueMessage(afterCreation: outer...close),
                     resumption: startsImmediately && isRetained ? resumption(afterCreation: outer...close) : nil)
    }

    /// Where a started creation assigned in an `if` condition resumes: after the whole statement.
    private func resumption(afterCreation creation: ClosedRange<Int>) -> ConnectionMigrationPlan.CreationSite.Resumption? {
        let outer = creation.lowerBound
        guard stream.isPunctuation(outer - 1, "="), stream.isIdentifier(outer - 2) else { return nil }
        let receiver = stream.isPunctuation(outer - 3, ".") && stream.text(outer - 4) == "self" ? (outer - 4)...(outer - 2) : (outer - 2)...(outer - 2)
        var open = receiver.lowerBound - 1
        guard stream.isPunctuation(open, "(") else { return nil }
        while stream.isPunctuation(open - 1, "(") { open -= 1 }
        guard stream.text(open - 1) == "if", let conditionClose = structure.partner(open),
              let thenEnd = branchEnd(from: conditionClose + 1) else { return nil }
        var end = thenEnd
        if stream.text(thenEnd + 1) == "else" {
            guard stream.text(thenEnd + 2) != "if", let elseEnd = branchEnd(from: thenEnd + 2) else { return nil }
            end = elseEnd
        }
        return .init(receiver: receiver, after: end, keyword: open - 1)
    }

    /// The last token of the branch starting at `start`: a `{ … }` block or a simple statement.
    private func branchEnd(from start: Int) -> Int? {
        stream.isPunctuation(start, "{") ? structure.partner(start) : simpleStatementEnd(from: start)
    }

    /// The statements after `name = creation;` (`name` is `c` or `self.c`; a message names it the
    /// same way, or `self.c` and `_c` name each other: an auto-synthesized property's storage),
    /// before anything else touches `name` in the block, that choose the connection's delegate
    /// queue: `[name setDelegateQueue:q];`, where `q` does not read `name` and runs one operation at
    /// a time, and `[name scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:m];` (or the current
    /// run loop), any number of them, all choosing one queue.
    private func delegateQueueMessage(afterCreation creation: ClosedRange<Int>) -> ConnectionMigrationPlan.DelegateQueueMessage? {
        let (outer, close) = (creation.lowerBound, creation.upperBound)
        guard stream.isPunctuation(outer - 1, "="), stream.isIdentifier(outer - 2), stream.isPunctuation(close + 1, ";") else { return nil }
        let name = stream.isPunctuation(outer - 3, ".") && stream.text(outer - 4) == "self" ? (outer - 4)...(outer - 2) : (outer - 2)...(outer - 2)
        let spellings = connectionSpellings(name)
        let touches = Set(spellings.compactMap(\.last))
        var message = ConnectionMigrationPlan.DelegateQueueMessage(statements: [], queue: .usual, selectors: [])
        var chosen: [String] = []
        var open = close + 2
        // Statements between the creation and a choice: they run before the session exists after
        // the move, so they may neither touch the connection nor anything the queue is made of.
        var between: [ClosedRange<Int>] = []
        while open < stream.count {
            if stream.isPunctuation(open, "["), let messageClose = structure.partner(open), stream.isPunctuation(messageClose + 1, ";"),
               let spelling = spellings.first(where: { texts in
                   zip(texts, (open + 1)...).allSatisfy { stream.text($1) == $0 } }),
               case let selector = open + 1 + spelling.count, selector + 2 < messageClose, stream.isPunctuation(selector + 1, ":"),
               let (queue, key) = chosenQueue(selector: selector, close: messageClose, connection: name.upperBound) {
                if case .expression(let expression) = queue, expression.contains(where: { part in
                    stream.isIdentifier(part) && between.contains { $0.contains { stream.haveSameText($0, part) } }
                }) {
                    break
                }
                message.statements.append(open...(messageClose + 1))
                message.selectors.append(selector)
                message.queue = queue
                message.schedulesInRunLoop = stream.text(selector) == ConnectionAPICatalogue.scheduleInRunLoop.objectiveCName
                chosen.append(key)
                open = messageClose + 2
                continue
            }
            guard let end = simpleStatementEnd(from: open),
                  !(open...end).contains(where: { touches.contains(stream.text($0)) }) else { break }
            between.append(open...end)
            open = end + 1
        }
        guard !chosen.isEmpty, Set(chosen).count == 1 else { return nil }
        return message
    }

    /// The ways a message names the connection stored at `name` (`c`, `self.c` or `_c`), as token
    /// texts: the same way, and for a property its auto-synthesized storage, `self.c` ⇄ `_c`.
    private func connectionSpellings(_ name: ClosedRange<Int>) -> [[String]] {
        let texts = name.map { stream.text($0) }
        if texts.count == 3 { return [texts, ["_" + texts[2]]] }
        if let only = texts.first, only.hasPrefix("_"), only.count > 1 { return [texts, ["self", ".", String(only.dropFirst())]] }
        return [texts]
    }

    /// The `;` ending the statement at `start` when it is a simple one (no braces of its own, no
    /// jump out of the block); nil otherwise.
    private func simpleStatementEnd(from start: Int) -> Int? {
        guard !stream.isPunctuation(start, "}"), !["return", "break", "continue", "goto", "if", "for", "while", "do", "switch"]
            .contains(stream.text(start)) else { return nil }
        var index = start
        while index < stream.count {
            if stream.isPunctuation(index, ";") { return index }
            if stream.isPunctuation(index, "{") || stream.isPunctuation(index, "}") || stream[index].kind == .directive { return nil }
            if let partner = structure.partner(index), partner > index {
                // A block argument (`^{ … }`) is a brace of its own, too.
                if ((index + 1)..<partner).contains(where: { stream.isPunctuation($0, "{") }) { return nil }
                index = partner
            }
            index += 1
        }
        return nil
    }

    /// The queue a `setDelegateQueue:` or `scheduleInRunLoop:forMode:` message (its selector at
    /// `selector`, its `]` at `close`) chooses, with the text that tells queues apart; nil for one
    /// no queue stands for.
    private func chosenQueue(selector: Int, close: Int, connection: Int) -> (ConnectionMigrationPlan.DelegateQueueChoice.Queue, String)? {
        switch stream.text(selector) {
        case ConnectionAPICatalogue.setDelegateQueue.objectiveCName:
            let queue = (selector + 2)...(close - 1)
            guard !queue.contains(where: { stream.haveSameText($0, connection) }), isSerialQueue(queue) else { return nil }
            let key = queue.map { stream.text($0) }.joined(separator: " ")
            return (key == Self.mainQueueKey ? .main : .expression(queue), key)
        case ConnectionAPICatalogue.scheduleInRunLoop.objectiveCName:
            let runLoop = selector + 2
            guard stream.isPunctuation(runLoop, "["), stream.text(runLoop + 1) == "NSRunLoop", stream.isPunctuation(runLoop + 3, "]"),
                  stream.text(runLoop + 4) == "forMode", stream.isPunctuation(runLoop + 5, ":"), runLoop + 6 < close,
                  let queue = ConnectionMigrationPlan.DelegateQueueChoice.Queue.standing(forRunLoop: stream.text(runLoop + 2))
            else { return nil }
            return (queue, queue == .main ? Self.mainQueueKey : "")
        default:
            return nil
        }
    }

    /// `[NSOperationQueue mainQueue]` as `chosenQueue` tells queues apart.
    private static let mainQueueKey = "[ NSOperationQueue mainQueue ]"

    /// Whether the queue `expression` names runs one operation at a time: `[NSOperationQueue
    /// mainQueue]`, or a queue whose maximum concurrency the file sets to 1
    /// (`q.maxConcurrentOperationCount = 1`, `[q setMaxConcurrentOperationCount:1]`, with `q` ending
    /// in the same name, `_queue` and `self.queue` alike). A session calls its delegate as operations
    /// on its queue, which a concurrent queue runs at once; a connection sent one message at a time.
    private func isSerialQueue(_ expression: ClosedRange<Int>) -> Bool {
        let text = expression.map { stream.text($0) }.joined()
        if text == "[NSOperationQueuemainQueue]" { return true }
        guard stream.isIdentifier(expression.upperBound) else { return false }
        let name = stream.text(expression.upperBound).trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        func names(_ index: Int) -> Bool { stream.text(index).trimmingCharacters(in: CharacterSet(charactersIn: "_")) == name }
        return (0..<stream.count).contains { index in
            switch stream.text(index) {
            case "maxConcurrentOperationCount":
                return stream.isPunctuation(index + 1, "=") && stream.text(index + 2) == "1"
                    && stream.isPunctuation(index - 1, ".") && names(index - 2)
            case "setMaxConcurrentOperationCount":
                return stream.isPunctuation(index + 1, ":") && stream.text(index + 2) == "1" && names(index - 1)
            default:
                return false
            }
        }
    }

    /// `start` in `[name start]` and `[self.name start]`, where `name` is declared `NSURLConnection *name`.
    private func startMessages(in body: Range<Int>, storedConnectionTypes: [Int]) -> [Int] {
        // A property `connection` is also read through its instance variable `_connection`.
        let declared = storedConnectionTypes.compactMap { stream.isIdentifier($0 + 2) ? stream.text($0 + 2) : nil }
        let names = Set(declared + declared.map { "_" + $0 })
        return body.filter { index in
            guard stream.hasName(index, ConnectionAPICatalogue.start.objectiveCName), stream.isPunctuation(index + 1, "]"), names.contains(stream.text(index - 1)) else {
                return false
            }
            let receiverStart = stream.isPunctuation(index - 2, ".") && stream.text(index - 3) == "self" ? index - 3 : index - 1
            return stream.isPunctuation(receiverStart - 1, "[")
        }
    }

    /// The delegate selectors named in a string or `@selector(…)`: code may call the methods by
    /// name, so they keep their selectors.
    private func dynamicallyNamedSelectors() -> Set<String> {
        var selectors: Set<String> = []
        for index in 0..<stream.count where !stream[index].isInactive {
            let named: String
            if stream[index].kind == .string {
                // Every delegate selector names the connection; most strings are messages.
                guard stream.textContains(index, lowercased: "connection") else { continue }
                named = stream.text(index).trimmingCharacters(in: .init(charactersIn: "@\""))
            } else if stream[index].kind == .directive, stream.text(index) == "@selector",
                      let close = structure.partner(index + 1) {
                named = ((index + 2)..<close).map { stream.text($0) }.joined()
            } else {
                continue
            }
            if DelegateMethodCatalogue.roleBySelector[named] != nil {
                selectors.insert(named)
            }
        }
        return selectors
    }
}
