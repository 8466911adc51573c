extension ConnectionMigrationPlan {
    /// `[connection setDelegateQueue:q];` as the statement right after
    /// `connection = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];`:
    /// the connection calls its delegate on `q`, so the session is created with `q` as its
    /// delegate queue and the statement goes (`q` is then evaluated one statement earlier, which
    /// changes nothing: it does not read the connection).
    struct DelegateQueueMessage: Sendable {
        /// From `[` to `;`.
        var statement: ClosedRange<Int>
        /// The queue argument.
        var queue: ClosedRange<Int>
        /// `setDelegateQueue`.
        var selector: Int
    }
}
