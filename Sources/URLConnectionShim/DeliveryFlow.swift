/// How much of a connection's body has been handed to URLSession's delegate but not yet to the
/// connection's delegate, and the back-pressure that keeps it bounded (C29).
///
/// Linux's URLSession cannot pause a transfer from outside: `URLSessionTask.suspend()` waits for
/// the session's work queue, which a running transfer keeps busy, and removing the transfer from
/// curl does not resume it where it stopped. What does stop curl is its write callback not
/// returning, and the shim's sessions take their data events inline in that callback
/// (`SessionEventQueue`). So past `highWater` undelivered bytes the event thread waits at a
/// `FlowGate` until delivery drains below `lowWater`: curl stops reading, the socket's receive
/// window fills, and the server is held back. The bytes are unchanged, only later.
///
/// The wait holds up the other transfers of the same session, so it is bounded by progress: as
/// long as the delegate keeps taking data the wait goes on; once `patience` passes without a
/// single delivery (a delegate blocked for good, or a delivery target that is itself waiting for
/// the session) the connection is marked stalled and buffers as URLSession would, until its
/// delegate takes data again.
struct DeliveryFlow {
    /// Undelivered bytes past which URLSession's event thread waits.
    static let highWater = 8 << 20
    /// Undelivered bytes below which the wait ends.
    static let lowWater = 2 << 20
    /// The longest wait without any delivery before the connection counts as stalled.
    static let patience: Double = 0.25

    private(set) var undelivered = 0
    /// Bytes handed to the delegate so far: a waiter compares it to see progress.
    private(set) var delivered = 0
    private var gate: FlowGate?
    private var isStalled = false

    /// Counts `count` more bytes queued for the delegate. Returns the gate to wait at when that
    /// puts the connection past the high-water mark.
    mutating func queue(_ count: Int) -> FlowGate? {
        undelivered += count
        guard undelivered > Self.highWater, !isStalled else { return nil }
        if gate == nil {
            gate = FlowGate()
        }
        return gate
    }

    /// Counts `count` bytes handed to the delegate. Returns the gate to open once below the
    /// low-water mark.
    mutating func deliver(_ count: Int) -> FlowGate? {
        undelivered -= count
        delivered += count
        isStalled = false
        guard undelivered <= Self.lowWater else { return nil }
        return takeGate()
    }

    /// The delegate made no progress for `patience`: stop waiting for it until it does.
    mutating func markStalled() -> FlowGate? {
        isStalled = true
        return takeGate()
    }

    /// Removes the gate, for the caller to open (the load ended, or delivery drained).
    mutating func takeGate() -> FlowGate? {
        defer { gate = nil }
        return gate
    }
}
