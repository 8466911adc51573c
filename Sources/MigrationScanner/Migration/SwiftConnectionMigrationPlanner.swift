/// Builds the migration plan of every connection delegate class of one Swift file that is
/// already on URLConnectionShim (`SwiftShimEmitter` puts NSURLConnection code there first, so
/// every era's signatures arrive as the shim's declarations).
///
/// The Swift URLSession emitter moves the common shape (response, data, finish, failure, upload
/// progress, redirect and challenge methods; connections created with
/// `URLConnection(request:delegate:)`, started at once or later, on a delegate queue or the main or
/// current run loop); anything else is an obstacle that leaves the class on the shim, with its reason.
struct SwiftConnectionMigrationPlanner {
    let file: ScannedFile
    package var stream: TokenStream { file.stream }
    var structure: SourceStructure { file.structure }

    /// The roles whose Swift URLSession declarations the emitter writes.
    static let movedRoles: Set<ConnectionDelegateRole> = [
        .response, .data, .finish, .failure, .uploadProgress, .redirect, .challenge, .credentialStorage,
    ]
    /// Calls that tie a connection to a run loop or queue: the session's delegate queue would have to follow.
    private static let schedulingCalls = Set(ConnectionAPICatalogue.scheduling.map(\.swiftName))
    private static let connectionProtocols: Set<String> = ["URLConnectionDelegate", "URLConnectionDataDelegate"]

    /// Modules that exist on Apple platforms only: a file that imports one outside `#if` is never built for Linux.
    private static let applePlatformModules: Set<String> = ["UIKit", "AppKit", "Cocoa", "WatchKit", "SwiftUI"]
    /// Whether the file may be built for Linux, where a moved challenge method would see more than it did.
    private let mayBuildForLinux: Bool
    /// Every type's tokens, from its keyword to its closing brace, by keyword (`ownBodyParts`).
    private let typeExtents: [ClosedRange<Int>]
    /// Their keywords, in the same order, for a binary search.
    private let typeStarts: [Int]

    /// The planner for `file`; `appleOnly` (`--apple-only`) says the code is built for Apple platforms only.
    init(file: ScannedFile, appleOnly: Bool) {
        self.file = file
        mayBuildForLinux = !appleOnly && ImportPlacement(stream: file.stream).unconditionallyImportedModules
            .isDisjoint(with: Self.applePlatformModules)
        typeExtents = file.structure.types.map { $0.keyword...$0.body.upperBound }.sorted { $0.lowerBound < $1.lowerBound }
        typeStarts = typeExtents.map(\.lowerBound)
    }

    /// `type`'s body without the types declared in it, which have plans of their own: a class is
    /// never given a nested class's connections, and a file of classes whose braces never close
    /// (each nested in the one before) is read once, not once per class.
    func ownBodyParts(of type: TypeSpan) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var cursor = type.body.lowerBound
        var position = typeStarts.firstIndex(notBelow: type.body.lowerBound)
        while position < typeExtents.count, typeExtents[position].lowerBound < type.body.upperBound {
            let nested = typeExtents[position]
            position += 1
            guard nested.lowerBound >= cursor else { continue }
            parts.append(cursor..<nested.lowerBound)
            cursor = min(nested.upperBound + 1, type.body.upperBound)
            if cursor == type.body.upperBound { break }
        }
        parts.append(cursor..<type.body.upperBound)
        return parts.filter { !$0.isEmpty }
    }

    /// One plan per class that creates connections or implements their delegate methods, in file order.
    func plans() -> [ConnectionMigrationPlan] {
        var plans = structure.types.compactMap { type -> ConnectionMigrationPlan? in
            guard type.kind == .swiftType, stream.text(type.keyword) == "class" else { return nil }
            return plan(for: type)
        }
        let classes = structure.types.filter { $0.kind == .swiftType && stream.text($0.keyword) == "class" }
            .map { (name: stream.text($0.name), superclass: $0.inherited.first.map { stream.text($0) }) }
        ConnectionMigrationPlan.holdSubclassesWithTheirSuperclasses(
            &plans, classes: classes,
            outcome: "a class moves to URLSession only with its whole delegate code, so both stay on URLConnectionShim")
        return plans
    }

    /// The class-method calls outside every planned class: `sendAsynchronousRequest` calls with a
    /// trailing closure, and `sendSynchronousRequest` calls in an `async` function, move unless the
    /// file also calls another class method (one that registers URL protocols with the shim keeps
    /// its requests where those protocols see them); every other call stays on the shim, with its
    /// reason.
    func classMethodUses(outside plans: [ConnectionMigrationPlan]) -> ClassMethodUses {
        var uses = ClassMethodUses()
        var callsOtherClassMethods = false
        for index in 0..<max(0, stream.count - 2) {
            guard stream.hasText(index, "URLConnection"), stream.isPunctuation(index + 1, "."), stream.isIdentifier(index + 2),
                  !plans.contains(where: { $0.implementation.body.contains(index) }) else { continue }
            if let call = asynchronousRequestCall(at: index) {
                guard mayBuildForLinux else {
                    uses.asynchronousCalls.append(call)
                    continue
                }
                uses.obstacles.append(.init(token: index, reason: "URLConnection.\(ConnectionAPICatalogue.sendAsynchronousRequest.swiftName) stays on "
                    + "URLConnectionShim: on Linux URLSession.shared never ends a request answered 401 with WWW-Authenticate "
                    + "(it waits for a credential nobody gives), where NSURLConnection and the shim hand the 401 and its body "
                    + "to the handler (it moves with --apple-only, or in a file that imports UIKit, AppKit, Cocoa, WatchKit or SwiftUI)"))
            } else if let call = synchronousRequestCall(at: index) {
                uses.synchronousCalls.append(call)
            } else if stream.text(index + 2) == ConnectionAPICatalogue.sendSynchronousRequest.swiftName {
                uses.obstacles.append(.init(token: index, reason: "URLConnection.\(ConnectionAPICatalogue.sendSynchronousRequest.swiftName) outside an async function "
                    + "stays on URLConnectionShim: URLSession has no blocking call, and a semaphore around a task deadlocks "
                    + "when the caller is the main thread or the session's delegate queue (in an async function, outside "
                    + "closures, it becomes try await URLSession.shared.data(for:))"))
            } else {
                callsOtherClassMethods = true
                uses.obstacles.append(.init(token: index, reason: "URLConnection.\(stream.text(index + 2)) is a class method "
                    + "the URLSession emitter does not move, so it stays on URLConnectionShim"))
            }
        }
        guard !callsOtherClassMethods else {
            let held = uses.asynchronousCalls.map(\.call.lowerBound) + uses.synchronousCalls.map(\.call.lowerBound)
            return ClassMethodUses(obstacles: uses.obstacles + held.map { index in .init(token: index, reason:
                "URLConnection.\(stream.text(index + 2)) stays on URLConnectionShim with the file's other class-method calls, "
                + "which may register the URL protocols it relies on") })
        }
        return uses
    }

    /// `URLConnection.sendSynchronousRequest(r, returning: &response)` or `returning: nil` at
    /// `index`, in an `async` function.
    private func synchronousRequestCall(at index: Int) -> SynchronousRequestCall? {
        let open = index + 3
        guard stream.text(index + 2) == ConnectionAPICatalogue.sendSynchronousRequest.swiftName, stream.isPunctuation(open, "("),
              let close = structure.partner(open), let label = CreationArguments(file: file, from: open + 1, to: close).labels["returning"],
              label > open + 2, stream.isPunctuation(label - 1, ","), SwiftAsyncContext(file: file).contains(index)
        else { return nil }
        let request = (open + 1)...(label - 2)
        if label + 3 == close && stream.text(label + 2) == "nil" {
            return SynchronousRequestCall(call: index...close, request: request, response: nil)
        }
        guard label + 4 == close, stream.isPunctuation(label + 2, "&"), stream.isIdentifier(label + 3) else { return nil }
        return SynchronousRequestCall(call: index...close, request: request, response: (label + 2)...(label + 3))
    }

    /// `URLConnection.sendAsynchronousRequest(r, queue: q) { response, data, error in … }` at `index`.
    private func asynchronousRequestCall(at index: Int) -> AsynchronousRequestCall? {
        let open = index + 3
        guard stream.text(index + 2) == ConnectionAPICatalogue.sendAsynchronousRequest.swiftName, stream.isPunctuation(open, "("),
              let close = structure.partner(open), let queue = CreationArguments(file: file, from: open + 1, to: close).labels["queue"],
              queue > open + 2, stream.isPunctuation(queue - 1, ","), stream.isPunctuation(close + 1, "{"),
              let closingBrace = structure.partner(close + 1)
        else { return nil }
        // `{ response, data, error in` or `{ (response, data, error) in`
        let parenthesized = stream.isPunctuation(close + 2, "(")
        let first = parenthesized ? close + 3 : close + 2
        let parameters = [first, first + 2, first + 4]
        let inKeyword = parenthesized ? first + 6 : first + 5
        guard parameters.allSatisfy({ stream.isIdentifier($0) || stream.text($0) == "_" }),
              stream.isPunctuation(first + 1, ","), stream.isPunctuation(first + 3, ","),
              !parenthesized || stream.isPunctuation(first + 5, ")"), stream.text(inKeyword) == "in"
        else { return nil }
        return AsynchronousRequestCall(call: index...close, request: (open + 1)...(queue - 2), queue: (queue + 2)...(close - 1),
                                       parameters: parameters, inKeyword: inKeyword, closingBrace: closingBrace)
    }

    private func plan(for type: TypeSpan) -> ConnectionMigrationPlan? {
        let className = stream.text(type.name)
        var plan = ConnectionMigrationPlan(
            className: className, implementation: type, interfaces: [], creationSites: [], storedConnectionTypes: [],
            adoptedProtocols: type.inherited.filter { Self.connectionProtocols.contains(stream.text($0)) },
            delegateMethods: [], cancels: [], starts: [], obstacles: [])
        let matcher = DelegateSignatureMatcher(file: file)
        var signatures: [Range<Int>] = []
        var selectors: Set<String> = []
        for method in structure.methods(in: [type]) where method.body != nil {
            guard let selector = matcher.delegateSelector(of: method) else { continue }
            signatures.append(method.declarationStart..<method.body!.lowerBound)
            guard selectors.insert(selector).inserted else {
                // One session method can take the place of one of them only (`#if` copies, say).
                plan.obstacles.append(.init(token: method.name, reason:
                    "\(className) defines \(selector) more than once; it stays on URLConnectionShim"))
                continue
            }
            guard let role = DelegateMethodCatalogue.roleBySelector[selector], Self.movedRoles.contains(role) else {
                plan.obstacles.append(.init(token: method.name, reason:
                    "\(selector) is not moved by the URLSession emitter yet; \(className) stays on URLConnectionShim"))
                continue
            }
            let connection = method.parameters.first?.name
            let uses = connection.map { name in method.body!.filter { stream.haveSameText($0, name) } } ?? []
            if let why = role.whyTheBodyCannotReadItsConnection, !uses.isEmpty {
                plan.obstacles.append(.init(token: method.name, reason:
                    "\(selector) reads its connection, but \(why); \(className) stays on URLConnectionShim"))
            }
            if role == .challenge {
                guard let answers = SwiftChallengeAnswerReader(file: file).answers(in: method) else {
                    plan.obstacles.append(.init(token: method.name, reason:
                        "\(selector) reads challenge.sender other than to answer with use, continueWithoutCredential, cancel, "
                        + "performDefaultHandling or rejectProtectionSpaceAndContinue; \(className) stays on URLConnectionShim"))
                    continue
                }
                plan.challengeAnswers += answers
                if mayBuildForLinux {
                    plan.obstacles.append(.init(token: method.name, reason:
                        "\(selector) answers authentication challenges, and on Linux URLSession delivers a 401 and its body "
                        + "to the delegate before it asks (NSURLConnection, the shim and Apple's URLSession show the final "
                        + "response only), so moved, \(className) would see the 401 first; it stays on URLConnectionShim "
                        + "(it moves with --apple-only, or in a file that imports UIKit, AppKit, Cocoa, WatchKit or SwiftUI)"))
                }
            }
            plan.delegateMethods.append(.init(role: role, method: method, connectionUses: uses))
        }
        var connectionNames: Set<String> = []
        let tokens = stream
        // What `inspect` files is `URLConnection` or a call `.name(`: the other tokens of a long class
        // are passed over here, without a call each.
        let ownParts = ownBodyParts(of: type)
        for index in ownParts.joined() where (tokens.hasText(index, "URLConnection") || (tokens.isPunctuation(index - 1, ".") && tokens.isPunctuation(index + 1, "(")))
            && !signatures.contains(where: { $0.contains(index) }) {
            inspect(index, names: &connectionNames, into: &plan)
        }
        // A class that only calls class methods (a view controller sending a request) is no
        // delegate class: its calls move, or stay, with the file's others (`classMethodUses`).
        if plan.creationSites.isEmpty && plan.delegateMethods.isEmpty && plan.obstacles.allSatisfy({ isClassMethodCall($0.token) }) {
            return nil
        }
        plan.obstacles += deliveryDependenceObstacles(
            in: ownParts, signatures: signatures, delegateMethods: plan.delegateMethods, className: className)
        plan.starts = ownParts.joined().filter { index in
            stream.hasName(index, ConnectionAPICatalogue.start.swiftName) && stream.isPunctuation(index - 1, ".") && stream.isPunctuation(index + 1, "(")
                && stream.isPunctuation(index + 2, ")")
                && connectionNames.contains(stream.text(stream.isPunctuation(index - 2, "?") ? index - 3 : index - 2))
        }
        plan.taskCancels = taskCancels(plan.cancels, connectionNames: connectionNames, delegateMethods: plan.delegateMethods)
        // The moved redirect body is asked about a task's first request when the task is created;
        // NSURLConnection asked once loading began, so never about a connection cancelled first.
        if let redirect = plan.method(.redirect), !plan.cancels.isEmpty,
           let site = plan.creationSites.first(where: { !$0.startsImmediately }) {
            plan.obstacles.append(.init(token: site.expression.lowerBound, reason:
                "\(className) creates a connection started later and cancels connections, and its "
                + "\(matcher.delegateSelector(of: redirect.method) ?? "redirect method") would be asked about the first request "
                + "when the task is created, where NSURLConnection asked once loading began (never for a connection cancelled "
                + "before its start); \(className) stays on URLConnectionShim"))
        }
        let challengeMethods = plan.delegateMethods.filter { $0.role == .challenge }
        if challengeMethods.count > 1 {
            plan.obstacles.append(.init(token: challengeMethods[1].method.name, reason:
                "\(className) implements both challenge methods, which would become one URLSession method; "
                + "\(className) stays on URLConnectionShim"))
        }
        if plan.delegateQueueChoice != nil && plan.creationSites.count != 1 {
            plan.obstacles.append(.init(token: plan.delegateQueueChoice!.statement.lowerBound, reason:
                "the delegate queue is the session's, and \(className) creates more than one connection; "
                + "\(className) stays on URLConnectionShim"))
        }
        if plan.creationSites.isEmpty && !plan.delegateMethods.isEmpty && type.inherited.first.map({ stream.text($0) }) == "URLProtocol" {
            plan.obstacles.append(.init(token: type.name, reason:
                "\(className) is a URL protocol that forwards through a connection: forwarding through URLSession is the "
                + "modern form, but on Linux a task started inside startLoading() traps and a URLProtocol cannot be its own "
                + "session delegate in Swift 6 (it is not Sendable), so the move is a rewrite (Samples/CapturingProtocol "
                + "shows one), not an edit; \(className) stays on URLConnectionShim"))
        } else if plan.creationSites.isEmpty && !plan.delegateMethods.isEmpty {
            plan.obstacles.append(.init(token: type.name, reason:
                "\(className) creates no connection with URLConnection(request:delegate:) itself; the object that "
                + "creates its connections would have to own the session, so it stays on URLConnectionShim"))
        }
        // A file cut short: the session's members go before the closing brace, which is not there.
        if type.body.upperBound >= stream.count {
            plan.obstacles.append(.init(token: type.name, reason:
                "\(className) has no closing brace; it stays on URLConnectionShim"))
        }
        if type.inherited.first.map({ Self.connectionProtocols.contains(stream.text($0)) }) ?? true {
            plan.obstacles.append(.init(token: type.name, reason:
                "\(className) has no superclass; a URLSession delegate must be an NSObject, so it stays on URLConnectionShim"))
        }
        return plan
    }

    /// Whether the token at `index` starts a class-method call, `URLConnection.name`.
    private func isClassMethodCall(_ index: Int) -> Bool {
        stream.text(index) == "URLConnection" && stream.isPunctuation(index + 1, ".")
    }

    /// Files the token at `index` under creation sites, stored connection types, cancels or obstacles;
    /// `names` collects the variables that hold connections.
    private func inspect(_ index: Int, names: inout Set<String>, into plan: inout ConnectionMigrationPlan) {
        // Every token of the class passes here: its text is made only where a call may be.
        guard stream.isIdentifier(index) else { return }
        if stream.hasText(index, "URLConnection") {
            if stream.isPunctuation(index + 1, "(") {
                guard let site = creationSite(at: index, into: &plan) else { return }
                plan.creationSites.append(site)
                // `let connection = URLConnection(…)` / `connection = URLConnection(…)`
                if stream.isPunctuation(index - 1, "="), stream.isIdentifier(index - 2) { names.insert(stream.text(index - 2)) }
            } else if isClassMethodCall(index) {
                plan.obstacles.append(.init(token: index, reason:
                    "URLConnection.\(stream.text(index + 2)) is a class method the URLSession emitter does not move yet; "
                    + "\(plan.className) stays on URLConnectionShim"))
            } else {
                plan.storedConnectionTypes.append(index)
                // `var connection: URLConnection?`
                if stream.isPunctuation(index - 1, ":"), stream.isIdentifier(index - 2) { names.insert(stream.text(index - 2)) }
            }
        } else if stream.hasName(index, ConnectionAPICatalogue.cancel.swiftName), stream.isPunctuation(index - 1, "."), stream.isPunctuation(index + 1, "(") {
            plan.cancels.append(index)
        } else if stream.isPunctuation(index - 1, "."), stream.isPunctuation(index + 1, "("), case let text = stream.text(index),
                  Self.schedulingCalls.contains(text) {
            if text != ConnectionAPICatalogue.unscheduleFromRunLoop.swiftName, plan.delegateQueueChoice == nil,
               let choice = SwiftDelegateQueueChoiceReader(file: file).choice(at: index, after: plan.creationSites.last) {
                plan.delegateQueueChoice = choice
                return
            }
            let why = text == ConnectionAPICatalogue.setDelegateQueue.swiftName
                ? "setDelegateQueue(…) moves only as the one statement right after the creation of a connection started later, "
                    + "naming a stored serial queue (the main queue, or one whose maxConcurrentOperationCount the file sets to 1): "
                    + "the session is created with that queue, and calls its delegate at once on a concurrent one, where the "
                    + "connection sent one message at a time"
                : "\(text)(…) moves only as schedule(in:forMode:) on the main or the current run loop in the default or common "
                    + "modes, right after the creation of a connection started later: a session delivers on an operation queue, "
                    + "not a run loop"
            plan.obstacles.append(.init(token: index, reason: "\(why); \(plan.className) stays on URLConnectionShim"))
        }
    }

    /// `URLConnection(request: r, delegate: self)`, with or without `startImmediately: true/false`;
    /// nil, with an obstacle, for any other creation.
    private func creationSite(at index: Int, into plan: inout ConnectionMigrationPlan) -> ConnectionMigrationPlan.CreationSite? {
        let open = index + 1
        guard let close = structure.partner(open) else { return nil }
        let arguments = CreationArguments(file: file, from: open + 1, to: close)
        guard arguments.labels["request"] == open + 1, let delegate = arguments.labels["delegate"], arguments.delegateIsSelf else {
            plan.obstacles.append(.init(token: index, reason:
                "a connection created other than with URLConnection(request:delegate:) and self as its delegate; "
                + "\(plan.className) stays on URLConnectionShim"))
            return nil
        }
        guard let startsImmediately = arguments.startsImmediately else {
            plan.obstacles.append(.init(token: index, reason:
                "startImmediately takes a computed value; \(plan.className) stays on URLConnectionShim"))
            return nil
        }
        return .init(isRetained: true, startsImmediately: startsImmediately, expression: index...close,
                     request: (open + 3)...(delegate - 2))
    }
}
