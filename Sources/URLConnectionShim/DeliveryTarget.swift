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

    /// Arranges for `work` to run on the target soon.
    ///
    /// For run loops a zero-interval timer is added to every scheduled mode: unlike
    /// `RunLoop.perform(inModes:)`, adding a timer wakes an idle run loop on Linux too, so a
    /// message is delivered promptly instead of at the run loop's next unrelated wake-up.
    /// With several run loops, each gets a timer; the mailbox makes the extra wake-ups no-ops.
    func wake(_ work: @escaping @Sendable () -> Void) {
        switch kind {
        case .queue(let queue):
            queue.addOperation(work)
        case .runLoops(let slots):
            for slot in slots where !slot.modes.isEmpty {
                let timer = Timer(timeInterval: 0, repeats: false) { _ in work() }
                for mode in slot.modes {
                    slot.runLoop.add(timer, forMode: mode)
                }
            }
        }
    }
}
