import Foundation

/// Everything one stress connection's delegate saw, kept apart from the delegate so it can be
/// checked after the delegate is gone (its release is part of what is checked).
final class StressLog: @unchecked Sendable {
    // Sendable: every var is only touched while holding `lock`.
    enum Event: Equatable {
        case willSend
        case response(status: Int)
        case data
        case finish
        case fail(code: Int)

        var isTerminal: Bool {
            switch self {
            case .finish, .fail: true
            case .willSend, .response, .data: false
            }
        }
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private var bodyBytes = 0
    private var running = false
    private var overlapped = false
    private var misplaced: [String] = []
    private var cancelReturned = false
    private var strictCancel = false
    private var afterCancel = 0

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Records the start of a message; returns its 0-based index.
    func enter(_ event: Event, violation: String?, bytes: Int = 0) -> Int {
        locked {
            if running { overlapped = true }
            running = true
            if cancelReturned { afterCancel += 1 }
            if let violation { misplaced.append("\(event) \(violation)") }
            if case .response = event { bodyBytes = 0 }
            bodyBytes += bytes
            recorded.append(event)
            return recorded.count - 1
        }
    }

    func exit() {
        locked { running = false }
    }

    /// Called right after `cancel()` returned. `strict` when no message may begin after it: the
    /// cancel ran on the delivery thread or queue, or before `start()` (C17). From another thread,
    /// one message already under way may still complete.
    func noteCancelReturned(strict: Bool) {
        locked {
            cancelReturned = true
            strictCancel = strict
        }
    }

    var events: [Event] { locked { recorded } }
    var body: Int { locked { bodyBytes } }
    var sawOverlap: Bool { locked { overlapped } }
    var misplacedMessages: [String] { locked { misplaced } }
    var wasCancelled: Bool { locked { cancelReturned } }
    var cancelWasStrict: Bool { locked { strictCancel } }
    /// Messages that began after `cancel()` had returned.
    var messagesAfterCancel: Int { locked { afterCancel } }
}
