import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate queue of the shim's sessions.
///
/// On Linux it runs URLSession's delegate calls at once, on the thread that hands them over — the
/// session's serial work queue — instead of as operations: the `TaskRouter` only routes an event
/// to its connection's mailbox, which hops to the caller's delegate queue or run loop anyway, so a
/// second hop per event (swift-corelibs-foundation's `Operation` costs about 14 k instructions)
/// bought nothing and made the shim slower than URLSession per chunk of a large body.
///
/// Running on the work queue forbids one thing: calling back, on that thread, into a task method
/// that waits for the work queue (`suspend`, `resume`, `cancel`, and URLSession's handling of a
/// challenge answer, which calls the first two). The router never does: a challenge answered
/// without asking a delegate, and a task cancelled from an event, go through `leaveWorkQueue(_:)`.
///
/// Elsewhere (Apple platforms) URLSession's calls arrive on a private thread whose rules are not
/// documented, so it stays an ordinary serial queue.
final class SessionEventQueue: OperationQueue, @unchecked Sendable {
    // Sendable: no state of its own beyond OperationQueue's.

    override init() {
        super.init()
        name = "URLConnectionShim.session"
        maxConcurrentOperationCount = 1
    }

    #if canImport(FoundationNetworking)
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
    #endif

    /// Runs `work` on a global queue: for a call from a task event into a task method that waits
    /// for the work queue the event runs on — a challenge answer that proceeds (with a credential,
    /// or by default handling with a proposed one) suspends and resumes the task, and `cancel()`
    /// waits for the work queue too.
    static func leaveWorkQueue(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
    }
}
