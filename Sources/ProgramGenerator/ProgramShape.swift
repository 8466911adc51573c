import SeededRandomness

/// One generated legacy program: the choices of the grammar of delegate shapes (Docs/Fuzzing.md,
/// program-fuzz). The writers turn a shape into Swift or Objective-C; the same shape always gives
/// the same text, so a shape is the whole reproducer.
package struct ProgramShape: Sendable, Hashable {
    /// How the request is made.
    package enum Entry: String, Sendable, CaseIterable {
        case delegate, sendAsynchronous, sendSynchronous
    }

    /// What the server does with the request.
    package enum Exchange: Sendable, Hashable {
        case body(Int)
        case status(Int)
        case redirect(RedirectAnswer)
        case challenge(ChallengeAnswer)
        case refused
        case timeout
        case upload(UploadKind)
    }

    /// What `willSendRequest` returns for a redirect.
    package enum RedirectAnswer: String, Sendable, CaseIterable {
        case follow, refuse, modify
    }

    /// How an authentication challenge is answered (a second challenge is always cancelled);
    /// `unanswered`: the delegate has no challenge method, as the class methods have none.
    package enum ChallengeAnswer: String, Sendable, CaseIterable {
        case useCredential, continueWithout, cancel, defaultHandling, rejectProtectionSpace, unanswered
    }

    /// How an upload's body is given.
    package enum UploadKind: String, Sendable, CaseIterable {
        case httpBody, bodyStream
    }

    /// Where the program calls `cancel`; a cancelled program then starts a last connection.
    package enum CancelPoint: String, Sendable, CaseIterable {
        case never, beforeStart, inResponse, inData, inRedirect
    }

    /// How the request (and the queue) reach the creating call.
    package enum Argument: String, Sendable, CaseIterable {
        case storedProperty, local, expression
    }

    /// Where delegate messages are delivered.
    package enum Delivery: String, Sendable, CaseIterable {
        case mainRunLoop, delegateQueue, scheduledThenStarted
    }

    /// The optional delegate methods; finishing and failing are always there (they end a trace).
    package enum Method: String, Sendable, CaseIterable, Comparable {
        case response, data, redirect, challenge, sentBody

        package static func < (lhs: Method, rhs: Method) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package var entry: Entry
    package var exchange: Exchange
    package var methods: Set<Method>
    package var cancel: CancelPoint
    package var argument: Argument
    package var delivery: Delivery
    /// On a status of 400 or more the response method cancels and sends itself `didFailWithError`.
    package var selfSentFailure: Bool
    /// Connections started at once by the same delegate (1 or 2).
    package var connections: Int
    /// The delegate methods live in a base class; the program's class, its subclass, starts the connections.
    package var subclass: Bool
    /// The program's class is an NSURLProtocol that forwards the request with its connection, the
    /// delegate methods telling its client; a synchronous load goes through it, from this thread
    /// (Objective-C only: Swift programs run on the shim, which has no NSURLProtocol loading).
    package var forwardingProtocol: ProtocolLoad = .none

    /// Where a forwarding protocol's load starts, and so the thread its connection calls back on.
    package enum ProtocolLoad: String, Sendable, CaseIterable {
        case none, mainThread, ownThread
    }

    package init(
        entry: Entry, exchange: Exchange, methods: Set<Method>, cancel: CancelPoint, argument: Argument,
        delivery: Delivery, selfSentFailure: Bool, connections: Int, subclass: Bool, forwardingProtocol: ProtocolLoad = .none
    ) {
        self.entry = entry
        self.exchange = exchange
        self.methods = methods
        self.cancel = cancel
        self.argument = argument
        self.delivery = delivery
        self.selfSentFailure = selfSentFailure
        self.connections = connections
        self.subclass = subclass
        self.forwardingProtocol = forwardingProtocol
        normalize()
    }

    /// The simplest program: one delegate connection that loads a body, told only its finish or failure.
    package static let simplest = ProgramShape(
        entry: .delegate, exchange: .body(16), methods: [], cancel: .never, argument: .expression,
        delivery: .mainRunLoop, selfSentFailure: false, connections: 1, subclass: false)

    /// A random shape; every choice depends only on `random`.
    package static func random(using random: inout SeededRandom) -> ProgramShape {
        let entry: Entry = random.chance(0.8) ? .delegate : random.pick([.sendAsynchronous, .sendSynchronous])
        let exchange: Exchange = switch Int.random(in: 0..<100, using: &random) {
        case 0..<20: .body(random.pick([0, 1, 16, 4096, 100_000]))
        case 20..<35: .status(random.pick([204, 404, 500, 503]))
        case 35..<55: .redirect(random.pick(RedirectAnswer.allCases))
        case 55..<72: .challenge(random.pick(ChallengeAnswer.allCases))
        case 72..<80: .refused
        case 80..<83: .timeout
        default: .upload(random.pick(UploadKind.allCases))
        }
        // A challenge or redirect method the exchange does not need is rarer: on Linux either one
        // keeps a class on the shim, so programs with them would mostly test the refusal.
        let odds: [Method: Double] = [.response: 0.8, .data: 0.6, .redirect: 0.2, .challenge: 0.1, .sentBody: 0.5]
        let methods = Set(Method.allCases.filter { random.chance(odds[$0] ?? 0.5) })
        let cancel = random.pick(CancelPoint.allCases)
        let argument = random.pick(Argument.allCases)
        let delivery = random.pick(Delivery.allCases)
        let selfSentFailure = random.chance(0.1)
        let connections = random.chance(0.2) ? 2 : 1
        let subclass = random.chance(0.2)
        // Drawn last, so the other choices of a seed stay what they were before protocols.
        let forwardingProtocol: ProtocolLoad = random.chance(0.15) ? random.pick([.mainThread, .ownThread]) : .none
        return ProgramShape(
            entry: entry, exchange: exchange, methods: methods, cancel: cancel, argument: argument, delivery: delivery,
            selfSentFailure: selfSentFailure, connections: connections, subclass: subclass, forwardingProtocol: forwardingProtocol)
    }

    /// Drops the choices a shape cannot use, so equal programs have equal shapes: the class methods
    /// have no delegate; a redirect answer other than following needs the redirect method, a
    /// challenge needs the challenge method, a cancel needs the method it is called in.
    private mutating func normalize() {
        if forwardingProtocol != .none {
            // One forwarding connection, on the loading thread; a protocol hands its client the
            // response and the body (without them the load it serves waits for its timeout).
            methods.formUnion([.response, .data])
            entry = .delegate
            cancel = .never
            argument = .expression
            delivery = .mainRunLoop
            selfSentFailure = false
            connections = 1
            subclass = false
        }
        if entry != .delegate {
            methods = []
            if case .challenge = exchange { exchange = .challenge(.unanswered) }
            cancel = .never
            delivery = .mainRunLoop
            selfSentFailure = false
            connections = 1
            subclass = false
            if case .upload = exchange { exchange = .upload(.httpBody) }
            return
        }
        if case .redirect(let answer) = exchange, answer != .follow { methods.insert(.redirect) }
        if case .challenge(let answer) = exchange {
            if answer == .unanswered { methods.remove(.challenge) } else { methods.insert(.challenge) }
        }
        switch cancel {
        case .inResponse: methods.insert(.response)
        case .inData: methods.insert(.data)
        case .inRedirect: methods.insert(.redirect)
        case .never, .beforeStart: break
        }
        if selfSentFailure { methods.insert(.response) }
        if case .upload(let kind) = exchange {
            // A body stream is read once: two connections given one request (a stored or local
            // one) race for it, and the loser sends an empty body, under NSURLConnection as well.
            // That is the program's race, not the rewrite's, so only an expression (a new request
            // each time) gives two stream uploads.
            if kind == .bodyStream && argument != .expression { connections = 1 }
        } else {
            methods.remove(.sentBody)
        }
        // A connection cancelled before it starts is never started, so it is never scheduled either.
        if cancel == .beforeStart { delivery = .mainRunLoop }
    }

    /// Whether the redirect method reads its connection: to tell two connections apart, or to
    /// cancel it. Otherwise it tells the connection started after a cancel by its request's path.
    package var readsConnectionInRedirect: Bool {
        connections > 1 || cancel == .inRedirect
    }

    /// The shape's classes, one per dimension, as `dimension=value` (Docs/Fuzzing.md's counts).
    package var classes: [String] {
        var classes = ["entry=\(entry.rawValue)", "exchange=\(exchangeClass)"]
        guard entry == .delegate else { return classes + ["argument=\(argument.rawValue)"] }
        classes += methods.sorted().map { "method=\($0.rawValue)" }
        classes += ["cancel=\(cancel.rawValue)", "argument=\(argument.rawValue)", "delivery=\(delivery.rawValue)",
                    "connections=\(connections)"]
        if selfSentFailure { classes.append("self-sent-failure") }
        if subclass { classes.append("subclass") }
        if forwardingProtocol != .none { classes.append("protocol=\(forwardingProtocol.rawValue)") }
        return classes
    }

    /// The exchange's class with its variant: `redirect-refuse`, `challenge-cancel`, `status`.
    package var exchangeClass: String {
        switch exchange {
        case .body: "body"
        case .status: "status"
        case .redirect(let answer): "redirect-\(answer.rawValue)"
        case .challenge(let answer): "challenge-\(answer.rawValue)"
        case .refused: "refused"
        case .timeout: "timeout"
        case .upload(let kind): "upload-\(kind.rawValue)"
        }
    }

    /// The shape in one line, for reports and reproducers.
    package var summary: String {
        var parts = [entry.rawValue, "\(exchange)"]
        if entry == .delegate {
            parts += ["methods=\(methods.sorted().map(\.rawValue).joined(separator: ","))", "cancel=\(cancel.rawValue)",
                      "delivery=\(delivery.rawValue)", "connections=\(connections)"]
            if selfSentFailure { parts.append("self-sent-failure") }
            if subclass { parts.append("subclass") }
            if forwardingProtocol != .none { parts.append("protocol=\(forwardingProtocol.rawValue)") }
        }
        parts.append("argument=\(argument.rawValue)")
        return parts.joined(separator: " ")
    }

    /// Shapes one step simpler than this one, simplest step first: what shrinking a failing program tries.
    package var simplerShapes: [ProgramShape] {
        var candidates: [ProgramShape] = []
        func with(_ change: (inout ProgramShape) -> Void) {
            var copy = self
            change(&copy)
            copy.normalize()
            if copy != self && !candidates.contains(copy) { candidates.append(copy) }
        }
        with { $0.forwardingProtocol = $0.forwardingProtocol == .ownThread ? .mainThread : .none }
        with { $0.connections = 1 }
        with { $0.subclass = false }
        with { $0.selfSentFailure = false }
        with { $0.cancel = .never }
        with { $0.delivery = .mainRunLoop }
        with { $0.argument = .expression }
        with { $0.entry = .delegate }
        for method in methods.sorted() { with { $0.methods.remove(method) } }
        with { $0.exchange = .body(16) }
        return candidates
    }
}
