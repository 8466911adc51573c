import Foundation

/// Builds the migration plan of every NSURLConnection delegate class implemented in one
/// Objective-C file.
struct ConnectionMigrationPlanner {
    let file: ScannedFile
    var stream: TokenStream { file.stream }
    var structure: SourceStructure { file.structure }

    /// Messages that tie a connection to a run loop or queue; the plan does not move them yet,
    /// except `setDelegateQueue:` right after a deferred creation (`DelegateQueueMessage`).
    private static let unmovedSchedulingSelectors: Set<String> = [
        "scheduleInRunLoop", "unscheduleFromRunLoop", "setDelegateQueue",
    ]

    init(file: ScannedFile) {
        self.file = file
    }

    /// One plan per `@implementation` that creates connections or implements their delegate
    /// methods, in file order.
    func plans() -> [ConnectionMigrationPlan] {
        let dynamicSelectors = dynamicSelectorObstacles()
        var plans = structure.types.compactMap { type -> ConnectionMigrationPlan? in
            guard type.kind == .objectiveCImplementation, !stream[type.keyword].isInactive else { return nil }
            return plan(for: type, dynamicSelectors: dynamicSelectors)
        }
        let classes = structure.types.filter { $0.kind == .objectiveCInterface && !stream[$0.keyword].isInactive }
            .map { (name: stream.text($0.name), superclass: $0.superclass.map { stream.text($0) }) }
        ConnectionMigrationPlan.holdSubclassesWithTheirSuperclasses(
            &plans, classes: classes,
            outcome: "a class moves to NSURLSession only with its whole delegate code, so both are left on NSURLConnection")
        return plans
    }

    private func plan(for implementation: TypeSpan, dynamicSelectors: [ConnectionMigrationPlan.Obstacle]) -> ConnectionMigrationPlan? {
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
        for method in structure.methods(in: [implementation]) where method.body != nil {
            let selector = method.selector(in: stream)
            if let role = ConnectionDelegateRole.bySelector[selector] {
                let connection = method.parameters.first?.name
                // `self.connection` is a property of the same name, not the parameter.
                let uses = connection.map { name in
                    method.body!.filter { stream.haveSameText($0, name) && !stream.isPunctuation($0 - 1, ".") }
                } ?? []
                plan.delegateMethods.append(.init(role: role, method: method, connectionUses: uses))
                signatures.append(method.declarationStart...(method.body!.lowerBound - 1))
                if let why = role.whyTheBodyCannotReadItsConnection, !uses.isEmpty {
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
                plan.obstacles.append(.init(token: method.name, reason:
                    "\(selector) has no NSURLSession counterpart the migration knows; \(className) is left on NSURLConnection"))
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
            plan.adoptedProtocols += connectionProtocols(of: interface)
            for method in declaredDelegateMethods(in: interface) {
                plan.obstacles.append(.init(token: method.name, reason: Self.declaredDelegateMethodReason(
                    className: className, selector: method.selector(in: stream))))
            }
        }
        let ranges = [implementation.body] + interfaces.map(\.body) + interfaces.map { $0.keyword..<$0.body.lowerBound }
        for range in ranges {
            for index in range where !stream[index].isInactive {
                inspect(index, signatures: signatures, into: &plan, conditional: &conditional)
            }
        }
        plan.starts = startMessages(in: implementation.body, storedConnectionTypes: plan.storedConnectionTypes)
        let queues = Set(plan.creationSites.map { $0.delegateQueue.map { site in site.queue.map { stream.text($0) }.joined(separator: " ") } })
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
            plan.obstacles.append(.init(token: first.method.name, reason:
                "\(className) creates no connection with itself as the delegate: another object creates them and stays on "
                + "NSURLConnection, which would no longer call the moved methods; the session belongs to this class, so move "
                + "the creation here (a method that returns the task) and run --fix again, or migrate both by hand"))
        }
        plan.obstacles += conditional + dynamicSelectors
        return plan
    }

    /// Why a scheduling message keeps its class on NSURLConnection.
    private static func schedulingReason(_ selector: String) -> String {
        guard selector != "setDelegateQueue" else {
            return "setDelegateQueue: moves only as the statement right after its connection's startImmediately:NO creation, "
                + "with a queue that does not read the connection and runs one operation at a time (the main queue, or one "
                + "whose maxConcurrentOperationCount the file sets to 1): the session, which fixes the delegate queue, is made "
                + "there, and calls its delegate at once on a concurrent queue, where the connection sent one message at a time"
        }
        return "\(selector):forMode: ties the delegate calls to that run loop's thread and modes, shared with the class's other "
            + "work there (streams scheduled in it, performSelector:onThread:); an NSURLSession calls its delegate on an "
            + "operation queue's threads, even a serial queue's, and knows no run loop modes, so the calls would leave that thread"
    }

    /// The class named by a delegate method's connection parameter when it is not NSURLConnection
    /// (`(MyConnection *)connection`: a subclass, whose connections the plan does not move).
    private func otherConnectionClass(of method: MethodSpan) -> Int? {
        guard let type = method.parameters.first?.type, !method.parameter(0, hasType: .NSURLConnection, in: stream) else { return nil }
        return type.first { stream.isIdentifier($0) && stream.text($0) != "id" }
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
    /// other callers): a moved class would no longer implement them.
    func declaredDelegateMethods(in interface: TypeSpan) -> [MethodSpan] {
        structure.methods(in: [interface]).filter {
            $0.body == nil && !stream[$0.name].isInactive && ConnectionDelegateRole.bySelector[$0.selector(in: stream)] != nil
        }
    }

    static func declaredDelegateMethodReason(className: String, selector: String) -> String {
        "\(className)'s @interface declares \(selector) (for subclasses calling super, or other callers); "
            + "moved, the class would no longer implement it, so \(className) is left on NSURLConnection"
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
        } else if stream.hasText(index, "cancel"), stream.isPunctuation(index + 1, "]") {
            plan.cancels.append(index)
        } else if stream.isIdentifier(index), stream.isPunctuation(index + 1, ":"), case let text = stream.text(index),
                  Self.unmovedSchedulingSelectors.contains(text),
                  !plan.creationSites.contains(where: { $0.delegateQueue?.selector == index }) {
            conditional.append(.init(token: index, reason: Self.schedulingReason(text) + "; \(plan.className) is left on NSURLConnection"))
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
                     delegateQueue: startsImmediately ? nil : delegateQueueMessage(afterCreation: outer...close))
    }

    /// `[name setDelegateQueue:q];` right after `name = creation;` (`name` is `c` or `self.c`,
    /// the same text in both statements), where `q` does not read `name`.
    private func delegateQueueMessage(afterCreation creation: ClosedRange<Int>) -> ConnectionMigrationPlan.DelegateQueueMessage? {
        let (outer, close) = (creation.lowerBound, creation.upperBound)
        guard stream.isPunctuation(outer - 1, "="), stream.isIdentifier(outer - 2), stream.isPunctuation(close + 1, ";"),
              stream.isPunctuation(close + 2, "["), let messageClose = structure.partner(close + 2),
              stream.isPunctuation(messageClose + 1, ";") else { return nil }
        let name = stream.isPunctuation(outer - 3, ".") && stream.text(outer - 4) == "self" ? (outer - 4)...(outer - 2) : (outer - 2)...(outer - 2)
        let selector = close + 3 + name.count
        guard stream.text(selector) == "setDelegateQueue", stream.isPunctuation(selector + 1, ":"), selector + 2 < messageClose,
              zip(name, (close + 3)..<selector).allSatisfy({ stream.haveSameText($0, $1) }) else { return nil }
        let queue = (selector + 2)...(messageClose - 1)
        guard !queue.contains(where: { stream.haveSameText($0, name.upperBound) }), isSerialQueue(queue) else { return nil }
        return .init(statement: (close + 2)...(messageClose + 1), queue: queue, selector: selector)
    }

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
            guard stream.hasText(index, "start"), stream.isPunctuation(index + 1, "]"), names.contains(stream.text(index - 1)) else {
                return false
            }
            let receiverStart = stream.isPunctuation(index - 2, ".") && stream.text(index - 3) == "self" ? index - 3 : index - 1
            return stream.isPunctuation(receiverStart - 1, "[")
        }
    }

    /// A delegate selector named in a string or `@selector(…)`: code may call the method by
    /// name, which a rename would break silently.
    private func dynamicSelectorObstacles() -> [ConnectionMigrationPlan.Obstacle] {
        var obstacles: [ConnectionMigrationPlan.Obstacle] = []
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
            if ConnectionDelegateRole.bySelector[named] != nil {
                obstacles.append(.init(token: index, reason:
                    "\(named) is named dynamically here; a moved method would no longer answer to it, so the class is left on NSURLConnection"))
            }
        }
        return obstacles
    }
}
