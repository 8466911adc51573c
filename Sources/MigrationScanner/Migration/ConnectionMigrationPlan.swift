/// What migrating one NSURLConnection delegate class involves, found from the scanner's
/// structure of one file: the data every emitter (Objective-C NSURLSession from
/// `ConnectionMigrationPlanner`, Swift URLSession from `SwiftConnectionMigrationPlanner`) turns
/// into edits. Token positions are indices into that file's `TokenStream`. In a Swift plan,
/// `interfaces` is empty and `isRetained` is always true (Swift has no autoreleased creation).
struct ConnectionMigrationPlan: Sendable {
    /// `[[NSURLConnection alloc] initWithRequest:r delegate:self]` (retained: +1; also with
    /// `startImmediately:YES` or `NO`) or
    /// `[NSURLConnection connectionWithRequest:r delegate:self]` (autoreleased: +0).
    struct CreationSite: Sendable {
        var isRetained: Bool
        /// False for `startImmediately:NO`: the class starts it later with `[connection start]`.
        var startsImmediately: Bool
        /// The whole message expression, outer brackets included.
        var expression: ClosedRange<Int>
        /// The request argument.
        var request: ClosedRange<Int>
        /// The `setDelegateQueue:` that follows a deferred creation (Objective-C only).
        var delegateQueue: DelegateQueueMessage? = nil
        /// A started creation assigned in an `if` condition (`if ((c = [[NSURLConnection alloc]
        /// initWithRequest:r delegate:self])) { buffer = … }`): the task is created suspended and
        /// resumed after the whole `if` statement, whose code ran before any delegate message when
        /// the connection started on a run-loop thread (Objective-C only).
        var resumption: Resumption? = nil

        struct Resumption: Sendable {
            /// The variable assigned: `c` or `self.c`.
            var receiver: ClosedRange<Int>
            /// The last token of the `if` statement (its `}` or `;`).
            var after: Int
            /// The `if`.
            var keyword: Int
        }
    }

    /// An implemented delegate method and what it does.
    struct DelegateMethod: Sendable {
        var role: ConnectionDelegateRole
        var method: MethodSpan
        /// Where the body reads the `connection` parameter (kept: it names the task after the move).
        var connectionUses: [Int]
    }

    /// A scheduling message of `ownThreadSchedulings`.
    struct OwnThreadScheduling: Sendable {
        /// The connection the message is sent to: `c`, `self.c`.
        var receiver: ClosedRange<Int>
        /// `scheduleInRunLoop`.
        var selector: Int
    }

    /// Something that keeps the class on NSURLConnection, and why.
    struct Obstacle: Sendable, Equatable {
        var token: Int
        package var reason: String
    }

    /// What `superclassOverride` records.
    struct SuperclassOverride: Sendable {
        var obstacle: Obstacle
        /// A body reads its connection parameter otherwise than as an argument of a message to
        /// `super`: after the move it would read the task, or nil for a redirect the superclass
        /// asks without its task.
        var readsConnection: Bool
    }

    /// Swift: where a connection the class starts later delivers its messages, chosen by the statement
    /// right after its creation: `connection?.setDelegateQueue(q)` or `connection?.schedule(in:forMode:)`
    /// on the main or the current run loop. The statement goes; the session is created with `queue`.
    struct DelegateQueueChoice: Sendable {
        enum Queue: Sendable, Equatable {
            /// The session's usual queue: the main queue when created on the main thread (whose run loop
            /// NSURLConnection used, as it uses the current thread's run loop unscheduled).
            case usual
            /// `schedule(in: RunLoop.main, …)`.
            case main
            /// `setDelegateQueue(q)`: the tokens of `q`.
            case expression(ClosedRange<Int>)
        }

        /// The whole statement, from the connection's name to the closing parenthesis.
        var statement: ClosedRange<Int>
        var queue: Queue
    }

    /// Swift: one answer through `challenge.sender` in the challenge method, and the URLSession
    /// disposition it becomes (`useCredential`, `cancelAuthenticationChallenge`, …).
    struct ChallengeAnswer: Sendable {
        /// From the challenge's name to the call's closing parenthesis.
        var call: ClosedRange<Int>
        var disposition: String
        /// The credential argument of `use(_:for:)`; nil for the answers without one.
        var credential: ClosedRange<Int>?
    }

    /// Swift: `c.cancel()` (or `c?.cancel()`, `self.c?.cancel()`, `c!.cancel()`) on a connection the
    /// class holds in a stored variable or receives as a delegate method's connection parameter.
    struct TaskCancel: Sendable {
        /// The connection: `c`, `self.c` or `c!` (never the `?`).
        var receiver: ClosedRange<Int>
        /// From the receiver's first token to the call's closing parenthesis.
        var call: ClosedRange<Int>
    }

    var className: String
    var implementation: TypeSpan
    /// The class's `@interface` and class extensions in the same file.
    var interfaces: [TypeSpan]
    var creationSites: [CreationSite]
    /// `NSURLConnection` in declarations of stored connections (ivars, properties, locals,
    /// parameters of the class's own methods): each becomes `NSURLSessionDataTask`.
    var storedConnectionTypes: [Int]
    /// `NSURLConnectionDelegate` / `NSURLConnectionDataDelegate` in the class's protocol lists.
    var adoptedProtocols: [Int]
    var delegateMethods: [DelegateMethod]
    /// The `cancel` of every `[… cancel]` in the class: NSURLConnection's is silent, so the
    /// completion method must not report the cancellation NSURLSession delivers.
    var cancels: [Int]
    /// The `start` of every `[connection start]` on a stored connection: a no-op on a started
    /// NSURLConnection, `resume` (also a no-op on a running task) after the move.
    var starts: [Int]
    var obstacles: [Obstacle]
    /// Delegate selectors the class sends itself (`[self connection:c didFailWithError:e]`, to
    /// `super` too), names (`@selector(…)`, a string) or declares in its `@interface` (for
    /// subclasses calling `super`): non-empty, every delegate method but the challenge method
    /// keeps its selector as an ordinary method holding the body, which the session's delegate
    /// methods call (Objective-C only).
    var keptSelectors: Set<String> = []
    /// The challenge method hands its challenge on (to a method, an object or a block), whose
    /// answer comes through `challenge.sender`: the moved method hands on a copy of the challenge
    /// whose sender answers the session's completion handler (Objective-C only).
    var challengeHandedOn = false
    /// The challenge method cancels a challenge through its sender: NSURLConnection then failed the
    /// connection with NSURLErrorUserCancelledAuthentication, where a session ends the task with
    /// NSURLErrorCancelled, which the moved class keeps silent as its own `-cancel`; such a task is
    /// remembered and its error made NSURLConnection's again (Objective-C only).
    var cancelsChallenge = false
    /// `[c scheduleInRunLoop:l forMode:m]` of the class's connection in the current run loop of a
    /// thread where the class also runs other work (a stream scheduled in that run loop,
    /// `performSelector:onThread:`): each becomes `[self scheduleSessionDeliveryInRunLoop:l forMode:m]`,
    /// which records the thread and the mode, and the session's delegate methods perform the kept
    /// methods on that thread, in order with that work (Objective-C only).
    var ownThreadSchedulings: [OwnThreadScheduling] = []
    /// The class starts its connection, then runs the current run loop until a delegate method
    /// stops it (`CFRunLoopRun()` … `CFRunLoopStop(CFRunLoopGetCurrent())`, or a wait in
    /// `-runMode:beforeDate:`): the task's creation records its thread, where the session's delegate
    /// methods perform the kept ones, and keeps that run loop running until the task ends, as the
    /// connection did (Objective-C only).
    var waitsInRunLoop = false
    /// The redirect method reads its connection: it is asked with the task, the first request
    /// too (the task is created first, suspended) (Objective-C only).
    var redirectReadsConnection = false
    /// The class is an NSURLProtocol that forwards its request with connections created in
    /// `-startLoading`: its tasks come from one session for the class, whose delegate hands each
    /// call to the instance whose task it is (`ObjectiveCURLProtocolSession`), and the session's
    /// methods perform the kept ones on the thread that started loading, where the protocol's
    /// client expects its calls, as the connection delivered them there (Objective-C only).
    var forwardsForURLProtocol = false
    /// The class creates no connection but implements delegate methods, which may override a
    /// superclass's: kept on NSURLConnection by `obstacle`, unless a superclass up the chain, in
    /// another file, creates the connections and moves keeping those selectors as ordinary methods
    /// (`ObjectiveCSessionFixer.Survey`); then only the connection parameters' type changes
    /// (Objective-C only).
    var superclassOverride: SuperclassOverride? = nil
    /// Swift: the statement that chose the delegate queue, if any.
    var delegateQueueChoice: DelegateQueueChoice? = nil
    /// Swift: the challenge method's answers, in file order.
    var challengeAnswers: [ChallengeAnswer] = []
    /// Swift: the cancels of connections the class holds, in file order.
    var taskCancels: [TaskCancel] = []

    /// Whether the emitters may move the class; otherwise it stays untouched, with `obstacles`.
    var canMove: Bool { obstacles.isEmpty && (!creationSites.isEmpty || !delegateMethods.isEmpty) }

    /// Whether the delegate methods stay under their selectors, called by the session's: the class
    /// sends, names or declares them, or the session's methods perform them on the class's thread.
    var keepsSelectors: Bool { !keptSelectors.isEmpty || performsOnOwnThread }

    /// Whether the session's delegate methods perform the kept ones on a thread of the class's.
    var performsOnOwnThread: Bool { !ownThreadSchedulings.isEmpty || waitsInRunLoop || forwardsForURLProtocol }

    /// Whether each task's creation records its thread for the session's methods and keeps that
    /// thread's run loop running until the task ends, as the connection scheduled there did: the
    /// class waits in that run loop, or is a URL protocol loading on that thread (whose caller
    /// may run the run loop only while it has a source, as GNUstep's synchronous load does).
    var recordsCreatingThread: Bool { waitsInRunLoop || forwardsForURLProtocol }

    /// The implemented method with `role`, if any.
    func method(_ role: ConnectionDelegateRole) -> DelegateMethod? {
        delegateMethods.first { $0.role == role }
    }
}

extension ConnectionMigrationPlan {
    /// Adds an obstacle to the plan of each class that a class of the file inherits from, and to
    /// the subclass's plan when it has one: a subclass shares its superclass's connections and
    /// delegate methods, so moved alone, one of the two would hand the other a task where it
    /// stores, creates, starts or receives a connection (with the delegate methods in the base,
    /// nothing would be delivered). `classes` are the file's classes with their superclasses;
    /// `outcome` ends the reason: what happens to both classes.
    static func holdSubclassesWithTheirSuperclasses(
        _ plans: inout [ConnectionMigrationPlan], classes: [(name: String, superclass: String?)], outcome: String
    ) {
        let planned = Dictionary(plans.indices.map { (plans[$0].className, $0) }, uniquingKeysWith: { first, _ in first })
        for subclass in classes {
            guard let name = subclass.superclass, let base = planned[name], name != subclass.name else { continue }
            let reason = "\(subclass.name) inherits from \(name), which uses connections: \(outcome)"
            if let index = planned[subclass.name] {
                plans[index].obstacles.append(.init(token: plans[index].implementation.name, reason: reason))
            }
            plans[base].obstacles.append(.init(token: plans[base].implementation.name, reason: reason))
        }
    }
}
