import Foundation

/// What the caller asked for before `start()`: a delegate queue, or run loops and modes.
/// Resolved into a `DeliveryTarget` when the connection starts.
struct DeliverySchedule {
    private(set) var delegateQueue: OperationQueue?
    private(set) var slots: [DeliveryTarget.RunLoopSlot] = []

    mutating func setDelegateQueue(_ queue: OperationQueue?) {
        delegateQueue = queue
    }

    mutating func schedule(_ runLoop: RunLoop, mode: RunLoop.Mode) {
        if let index = slots.firstIndex(where: { $0.runLoop === runLoop }) {
            if !slots[index].modes.contains(mode) {
                slots[index].modes.append(mode)
            }
        } else {
            slots.append(.init(runLoop: runLoop, modes: [mode]))
        }
    }

    mutating func unschedule(_ runLoop: RunLoop, mode: RunLoop.Mode) {
        guard let index = slots.firstIndex(where: { $0.runLoop === runLoop }) else { return }
        slots[index].modes.removeAll { $0 == mode }
        if slots[index].modes.isEmpty {
            slots.remove(at: index)
        }
    }

    /// The target messages go to. A delegate queue wins over run loops, as in NSURLConnection;
    /// a connection never scheduled runs on the calling thread's run loop in its current mode
    /// (the default mode when that run loop is not running).
    func resolvedTarget() -> DeliveryTarget {
        if let delegateQueue {
            return .queue(delegateQueue)
        }
        if !slots.isEmpty {
            return .runLoops(slots)
        }
        let runLoop = RunLoop.current
        return .runLoops([.init(runLoop: runLoop, modes: [runLoop.currentMode ?? .default])])
    }
}
