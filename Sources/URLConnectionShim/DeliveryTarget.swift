import Foundation

/// Where a connection's messages run: operations on a delegate queue, or the run loops (and
/// modes) the connection is scheduled in.
struct DeliveryTarget: @unchecked Sendable {
    // Sendable: OperationQueue and RunLoop are thread-safe for the calls made here
    // (`addOperation`, `add(_:forMode:)`); the struct itself is immutable once built.
    enum Kind {
        case queue(OperationQueue)
        case runLoops([RunLoopSlot])
    }

    /// One run loop and the modes a connection is scheduled in on it.
    struct RunLoopSlot {
        let runLoop: RunLoop
        var modes: [RunLoop.Mode]
    }

    let kind: Kind

    static func queue(_ queue: OperationQueue) -> DeliveryTarget {
        DeliveryTarget(kind: .queue(queue))
    }

    static func runLoops(_ slots: [RunLoopSlot]) -> DeliveryTarget {
        DeliveryTarget(kind: .runLoops(slots))
    }

    /// Arranges for `mailbox` to be drained on the target soon.
    ///
    /// For run loops a zero-interval timer is added to every scheduled mode: unlike
    /// `RunLoop.perform(inModes:)`, adding a timer wakes an idle run loop on Linux too, so a
    /// message is delivered promptly instead of at the run loop's next unrelated wake-up.
    /// With several run loops, each gets a timer; the mailbox makes the extra wake-ups no-ops.
    func wake(_ mailbox: MessageMailbox) {
        switch kind {
        case .queue(let queue) where queue.maxConcurrentOperationCount == 1:
            SerialQueueDrainer.wake(mailbox, on: queue)
        case .queue(let queue):
            queue.addOperation(MailboxDrainOperation(mailbox: mailbox))
        case .runLoops(let slots):
            for slot in slots where !slot.modes.isEmpty {
                let timer = Timer(timeInterval: 0, repeats: false) { _ in mailbox.drain() }
                for mode in slot.modes {
                    slot.runLoop.add(timer, forMode: mode)
                }
            }
        }
    }
}

/// One drain of a mailbox as an operation on a concurrent delegate queue (serial ones share one:
/// `SerialQueueDrainer`).
///
/// A subclass rather than `addOperation(_:)` with a closure: the block form wraps the closure
/// in a `BlockOperation`, which allocates and locks more per operation, and a data chunk that
/// arrives when the delegate queue is idle costs one operation.
private final class MailboxDrainOperation: Operation, @unchecked Sendable {
    // Sendable: `mailbox` is immutable and Sendable; Operation's own state is its lock's.
    private let mailbox: MessageMailbox

    init(mailbox: MessageMailbox) {
        self.mailbox = mailbox
    }

    override func main() {
        mailbox.drain()
    }
}
