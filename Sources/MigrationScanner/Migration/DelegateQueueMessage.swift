extension ConnectionMigrationPlan {
    /// The statements right after
    /// `connection = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];`
    /// that choose where the connection calls its delegate: `[connection setDelegateQueue:q];` or
    /// `[connection scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:m];` (one per mode). The
    /// session is created with that queue and the statements go (`q` is then evaluated where the
    /// creation is, which changes nothing: it does not read the connection).
    struct DelegateQueueMessage: Sendable {
        /// Each statement, from `[` to `;`, in file order.
        var statements: [ClosedRange<Int>]
        /// The queue they choose; `.usual` for the current run loop.
        var queue: DelegateQueueChoice.Queue
        /// `setDelegateQueue` or `scheduleInRunLoop` of each statement.
        var selectors: [Int]
        /// The statements schedule the connection in a run loop (the queue stands for it).
        var schedulesInRunLoop = false
    }
}

extension ConnectionMigrationPlan.DelegateQueueChoice.Queue {
    /// The queue standing for a run loop a deferred connection is scheduled in, shared by the Swift
    /// and the Objective-C planners: the main run loop's is the main queue, in any mode (the main
    /// queue runs in the common modes, so a connection scheduled for one mode only is then also
    /// called in the others, on the same thread and in the same order); the current run loop's is
    /// the session's usual queue (the main queue on the main thread, as an unscheduled connection
    /// used the current run loop). Nil for any other run loop: its thread is the class's own.
    /// `runLoop` is the run loop's name without its class: `main`, `mainRunLoop`, `current`, …
    static func standing(forRunLoop runLoop: String) -> Self? {
        switch runLoop {
        case "main", "mainRunLoop": .main
        case "current", "currentRunLoop": .usual
        default: nil
        }
    }
}
