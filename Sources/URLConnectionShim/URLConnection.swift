import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A drop-in replacement for `NSURLConnection`, carried by URLSession.
///
/// Code written against NSURLConnection's Swift API compiles and behaves the same after
/// renaming `NSURLConnection` to `URLConnection` (and its delegate protocols likewise) and
/// adding `import URLConnectionShim` — on Apple platforms and on Linux, where NSURLConnection
/// never existed.
///
/// A connection sends its delegate messages in NSURLConnection's order, one at a time: as
/// operations on its delegate queue if one was set, otherwise on the run loops (and in the
/// modes) it is scheduled in — by default the run loop of the thread that started it, in the
/// default mode. The connection retains its delegate from initialisation until it finishes,
/// fails or is cancelled; a running connection is retained by the shim, so the caller need not
/// keep a reference. All connections share one URLSession per distinct configuration.
open class URLConnection: NSObject, @unchecked Sendable {
    // Sendable: all mutable state is in `state` (one lock); `originalRequest` is immutable.

    /// The request the connection was created with. Never changes.
    public let originalRequest: URLRequest

    let state: Locked<ConnectionState>

    /// Creates a connection for `request`, optionally starting it at once.
    ///
    /// - Parameters:
    ///   - request: The request to load. The connection keeps its own copy.
    ///   - delegate: The object that receives the connection's messages — a
    ///     `URLConnectionDataDelegate`, a `URLConnectionDownloadDelegate` (the body then arrives
    ///     as a file), or a `URLConnectionDelegate`. Retained strongly until the connection ends.
    ///   - startImmediately: If true, the connection is scheduled on the current run loop in the
    ///     default mode and starts loading now; otherwise nothing loads until `start()`.
    /// - Returns: The connection. (Failable for source compatibility; it does not fail.)
    public init?(request: URLRequest, delegate: Any?, startImmediately: Bool) {
        originalRequest = request
        state = Locked(ConnectionState(request: request, delegate: ConnectionDelegateRole(delegate)))
        super.init()
        if startImmediately {
            schedule(in: .current, forMode: .default)
            start()
        }
    }

    /// Creates a connection for `request` and starts loading it at once, scheduled on the current
    /// run loop in the default mode.
    public convenience init?(request: URLRequest, delegate: Any?) {
        self.init(request: request, delegate: delegate, startImmediately: true)
    }

    /// The request being loaded: the original request, then each redirect target the delegate
    /// accepted.
    open var currentRequest: URLRequest {
        state.withLock { $0.currentRequest }
    }

    /// Starts loading if the connection has not started. Safe to call from any thread.
    ///
    /// A connection never scheduled and without a delegate queue is scheduled on the calling
    /// thread's run loop in its current mode (the default mode when that run loop is not running).
    /// A second call, or a call after `cancel()`, does nothing.
    open func start() {
        let mailbox: MessageMailbox? = state.withLock { state in
            guard state.markStarted() else { return nil }
            let mailbox = MessageMailbox(target: state.schedule.resolvedTarget())
            state.mailbox = mailbox
            return mailbox
        }
        mailbox?.post { [self] in beginLoading() }
    }

    /// Cancels the load. Safe to call from any thread, any number of times.
    ///
    /// Called on the thread or queue the connection delivers on, no message follows once it
    /// returns; from another thread, at most a message already running completes. The delegate
    /// is released and receives no `connection(_:didFailWithError:)`.
    open func cancel() {
        let (task, senders, gate) = state.withLock { state in
            let task = state.cancel()
            defer { state.challengeSenders.removeAll() }
            return (task, state.challengeSenders, state.flow.takeGate())
        }
        for sender in senders {
            sender.abandon()
        }
        // Before the task's cancel, which waits for the work queue a flow gate may be holding.
        gate?.open()
        task?.cancel()
    }

    /// Adds a run loop and mode to deliver messages on. Honoured when called before `start()`;
    /// a connection may be scheduled in any number of run loops and modes.
    open func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {
        state.withLock { $0.schedule.schedule(aRunLoop, mode: mode) }
    }

    /// Removes a run loop and mode added with `schedule(in:forMode:)`. Honoured before `start()`.
    open func unschedule(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {
        state.withLock { $0.schedule.unschedule(aRunLoop, mode: mode) }
    }

    /// Delivers every message as an operation on `queue` instead of a run loop. Honoured when
    /// called before `start()`. Messages stay serial even on a concurrent queue.
    open func setDelegateQueue(_ queue: OperationQueue?) {
        state.withLock { $0.schedule.setDelegateQueue(queue) }
    }

    /// Registers a URLProtocol subclass for the shim's traffic (and the process, through
    /// `URLProtocol.registerClass(_:)`). Classes registered later are consulted first.
    ///
    /// This is the one line a migration changes: `URLProtocol.registerClass` alone reaches
    /// `URLSession.shared` but not the shim's sessions on Linux.
    /// - Returns: false if `protocolClass` is not a URLProtocol subclass.
    @discardableResult
    open class func registerProtocolClass(_ protocolClass: AnyClass) -> Bool {
        guard ProtocolClassRegistry.register(protocolClass) else { return false }
        return URLProtocol.registerClass(protocolClass)
    }

    /// Stops routing the shim's traffic through `protocolClass` and unregisters it from URLProtocol.
    open class func unregisterProtocolClass(_ protocolClass: AnyClass) {
        ProtocolClassRegistry.unregister(protocolClass)
        URLProtocol.unregisterClass(protocolClass)
    }

    /// Whether a connection could load `request`: true for http and https, and for any request a
    /// class registered with `registerProtocolClass(_:)` accepts.
    open class func canHandle(_ request: URLRequest) -> Bool {
        if let scheme = request.url?.scheme?.lowercased(), ["http", "https"].contains(scheme) {
            return true
        }
        return ProtocolClassRegistry.current.contains { protocolClass in
            (protocolClass as? URLProtocol.Type)?.canInit(with: request) ?? false
        }
    }
}
