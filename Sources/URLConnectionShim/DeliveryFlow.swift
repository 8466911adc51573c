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
/// That wait would hold up every other transfer of the session, so a connection waits only while
/// it has the session to itself (`SessionFlowControl`); otherwise, and once its delegate has
/// made no progress for `patience` (a delegate blocked for good, or a delivery target that is
/// itself waiting for the session), what the delegate has not taken goes to a `SpillFile`, up
/// to `spillLimit`. Past that a connection sharing its session waits all the same, and a stalled
/// one fails with -1103: memory stays bounded either way.
struct DeliveryFlow {
    /// Undelivered bytes in memory past which the connection waits or spills.
    static let highWater = 8 << 20
    /// Undelivered bytes in memory below which a wait ends.
    static let lowWater = 2 << 20
    /// The longest wait without any delivery before the connection counts as stalled.
    static let patience: Double = 0.25
    /// Undelivered bytes kept on disk at most.
    static let spillLimit = 1 << 30

    /// Where the next piece of the body goes.
    enum Admission {
        /// To the delegate's mailbox, in memory.
        case queue
        /// To the mailbox, after which the event thread waits at the gate.
        case wait(FlowGate)
        /// To the spill file, and a message that reads it back.
        case spill
        /// Nowhere: the delegate is stalled with `spillLimit` bytes on disk already.
        case refuse
    }

    /// Undelivered bytes held in memory.
    private(set) var undelivered = 0
    /// Undelivered bytes held in the spill file.
    private(set) var spilled = 0
    /// Bytes handed to the delegate so far: a waiter compares it to see progress.
    private(set) var delivered = 0
    private var gate: FlowGate?
    private var isStalled = false

    /// Decides where `count` more bytes for the delegate go; `sessionIsShared` tells whether a
    /// wait would hold up other work of the session, and is asked only past the high-water mark
    /// (it takes two locks, and most pieces of most bodies never get there).
    mutating func admit(_ count: Int, sessionIsShared: @autoclosure () -> Bool) -> Admission {
        guard undelivered + count > Self.highWater else {
            undelivered += count
            return .queue
        }
        if isStalled || sessionIsShared() {
            if spilled + count <= Self.spillLimit {
                spilled += count
                return .spill
            }
            if isStalled {
                return .refuse
            }
        }
        undelivered += count
        let gate = self.gate ?? FlowGate()
        self.gate = gate
        return .wait(gate)
    }

    /// Counts `count` bytes queued in memory whatever the mark (a held 401's body, released).
    mutating func countQueued(_ count: Int) {
        undelivered += count
    }

    /// Counts `count` bytes handed to the delegate, from memory or from the spill file. Returns
    /// the gate to open once memory is below the low-water mark.
    mutating func deliver(_ count: Int, fromSpillFile: Bool) -> FlowGate? {
        if fromSpillFile {
            spilled -= count
        } else {
            undelivered -= count
        }
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

    /// Forgets `opened`, which someone else opened (a task being made on the session): the next
    /// wait needs a gate of its own.
    mutating func forget(_ opened: FlowGate) {
        if gate === opened {
            gate = nil
        }
    }
}
