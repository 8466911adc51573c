import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A connection's lifecycle and everything that changes during it, kept in one value behind
/// one lock (`URLConnection.state`).
///
/// The phase only moves forward — created → started → loading → finished, failed or
/// cancelled — and the delegate is released by the same transition that makes the connection
/// terminal. "Exactly one terminal message" and "nothing after cancel" follow from that:
/// whoever makes the terminal transition gets the delegate; everyone after gets nil.
struct ConnectionState {
    enum Phase: Equatable {
        case created
        case started
        case loading
        case finished
        case failed
        case cancelled

        var isTerminal: Bool {
            switch self {
            case .finished, .failed, .cancelled: true
            case .created, .started, .loading: false
            }
        }
    }

    private(set) var phase: Phase = .created
    private var delegate: ConnectionDelegateRole
    var schedule = DeliverySchedule()
    var currentRequest: URLRequest
    private(set) var task: URLSessionTask?
    /// Set when the delegate answered a challenge with `cancel(_:)`: URLSession then reports
    /// a plain cancellation, which NSURLConnection reported as -1012.
    var authenticationWasCancelled = false
    /// Set by `start()`; every message goes through it.
    var mailbox: MessageMailbox?
    /// A 401/407 response that a challenge may still supersede, with the body that followed it.
    var heldResponse: HeldChallengeResponse?
    /// Set when a held 401/407 outgrew its limit and was delivered as the final response: a
    /// challenge that follows is declined without asking the delegate, and the cancellation that
    /// ends the task then means the load finished.
    var challengeResponseWasDelivered = false
    /// The body bytes on their way to the delegate, and the back-pressure that bounds them (C29).
    var flow = DeliveryFlow()
    /// Where the body goes while the delegate has fallen behind on a shared session (C29).
    var spillFile: SpillFile?
    /// The router of the running task's session, whose flow control says whether waiting for
    /// the delegate would hold up other connections.
    var router: TaskRouter?
    /// The delegate's answer to `connectionShouldUseCredentialStorage`, asked once (C15) and
    /// reused by every task of the load.
    var usesCredentialStorage = true
    /// A redirect the delegate accepted, which the shim follows with a task of its own once
    /// URLSession has finished the redirect response (see `URLConnection.taskWillRedirect`).
    var pendingRedirect: URLRequest?
    /// Redirects followed so far; NSURLConnection gave up after `redirectLimit`.
    var redirectsFollowed = 0
    static let redirectLimit = 20
    /// Whether the running task has reported a final response.
    var responseWasReceived = false
    /// A response the shim will offer to the URL cache itself when the load finishes.
    var cacheCandidate: CacheCandidate?
    /// The file a download delegate's body goes to while its task runs.
    var downloadFile: DownloadFile?
    /// Why the shim itself ended the task: a download file that could not be written, a
    /// response whose framing cannot be trusted.
    private(set) var abortError: Error?
    /// Enforces the request's timeout while the task runs.
    var watchdog: TimeoutWatchdog?
    /// Set when the watchdog timed the load out: the task's cancellation then means -1001.
    private(set) var timedOut = false
    /// Challenges handed to the delegate; answered with a cancel if the connection ends first.
    var challengeSenders: [ChallengeSender] = []

    init(request: URLRequest, delegate: ConnectionDelegateRole) {
        self.currentRequest = request
        self.delegate = delegate
    }

    /// The delegate while messages may still be sent; nil once the connection is terminal.
    var activeDelegate: ConnectionDelegateRole? {
        phase.isTerminal ? nil : delegate
    }

    var isActive: Bool { !phase.isTerminal }

    /// created → started. False when already started or terminal: a second `start()` does nothing.
    mutating func markStarted() -> Bool {
        guard phase == .created else { return false }
        phase = .started
        return true
    }

    /// started → loading with `task`, or loading with the task that follows a redirect. False when
    /// the connection ended or timed out meanwhile.
    mutating func markLoading(_ task: URLSessionTask) -> Bool {
        guard phase == .started || phase == .loading, !timedOut else { return false }
        phase = .loading
        self.task = task
        responseWasReceived = false
        return true
    }

    /// Any live phase → `terminal`, releasing the delegate. Returns the delegate to send the
    /// terminal message to, or nil when the connection had already ended.
    mutating func end(as terminal: Phase) -> ConnectionDelegateRole? {
        precondition(terminal.isTerminal)
        guard !phase.isTerminal else { return nil }
        let last = delegate
        phase = terminal
        delegate = .none
        task = nil
        heldResponse = nil
        cacheCandidate = nil
        router = nil
        spillFile = nil
        watchdog?.stop()
        watchdog = nil
        return last
    }

    /// Set when `cancel()` cancelled a running task: URLSession's completion handlers for that
    /// task must then not be called (see `URLConnection.answerTask`).
    private(set) var taskWasCancelled = false

    /// What the watchdog's timeout does to the load.
    enum Timeout {
        /// Cancel the task; its completion ends the connection with -1001.
        case cancel(URLSessionTask)
        /// No task exists yet (its session may be slow to make it): report -1001 now; the task,
        /// once made, finds the connection ended and is cancelled.
        case reportNow
        /// The connection ended or timed out already.
        case none
    }

    /// The load went idle for its timeout.
    mutating func timeOut() -> Timeout {
        guard isActive, !taskWasCancelled, !timedOut else { return .none }
        timedOut = true
        guard let running = task else { return .reportNow }
        taskWasCancelled = true
        return .cancel(running)
    }

    /// The shim must end the load with `error` (a download file could not be written, a response
    /// cannot be trusted): returns the task to cancel, whose completion then reports `error`.
    mutating func abortTask(_ error: Error) -> URLSessionTask? {
        guard isActive, let running = task, !taskWasCancelled else { return nil }
        abortError = error
        taskWasCancelled = true
        return running
    }

    /// Any live phase → cancelled. Returns the task to cancel, if one was running.
    mutating func cancel() -> URLSessionTask? {
        let running = task
        guard end(as: .cancelled) != nil, let running else { return nil }
        taskWasCancelled = true
        return running
    }

    /// Starts following `pendingRedirect`: counts the hop and returns the request, or nil when
    /// the connection ended, timed out or the redirect limit is reached (`redirectLimitReached`).
    mutating func takePendingRedirect() -> URLRequest? {
        guard isActive, !timedOut, let next = pendingRedirect else { return nil }
        pendingRedirect = nil
        redirectsFollowed += 1
        return next
    }

    var redirectLimitReached: Bool { redirectsFollowed > Self.redirectLimit }
}
