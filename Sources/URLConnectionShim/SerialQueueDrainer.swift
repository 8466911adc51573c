import Foundation
import Locking

/// Drains, in one operation, every mailbox waiting for the same serial delegate queue.
///
/// A serial queue runs one operation at a time anyway, so connections that share it lose
/// nothing by sharing an operation; they save an `Operation` each (about 14 k instructions on
/// Linux), and a connection's first message (C7) no longer waits behind one operation per
/// message of every other connection. Mailboxes are drained in the order they asked, each until
/// it is empty, exactly as their own operations would have run them. An operation cancelled
/// before it ran (`cancelAllOperations()`) is replaced by the next wake, which takes over its
/// mailboxes: one cancelled operation must not silence every later connection on the queue.
/// Entries are keyed by the queue's identity and hold it weakly, so a later queue at the same
/// address never inherits another queue's mailboxes.
enum SerialQueueDrainer {
    private struct Pending {
        /// In the order they asked.
        var mailboxes: [MessageMailbox]
        let operation: Operation
        weak var queue: OperationQueue?
    }

    private static let waiting = Locked<[ObjectIdentifier: Pending]>([:])

    /// Arranges for `mailbox` to be drained by the queue's shared operation.
    static func wake(_ mailbox: MessageMailbox, on queue: OperationQueue) {
        let key = ObjectIdentifier(queue)
        let newOperation = waiting.withLock { waiting -> Operation? in
            let pending = waiting[key].flatMap { $0.queue === queue ? $0 : nil }
            if let pending, !pending.operation.isCancelled {
                waiting[key]!.mailboxes.append(mailbox)
                return nil
            }
            let operation = DrainOperation(key: key)
            waiting[key] = Pending(mailboxes: (pending?.mailboxes ?? []) + [mailbox], operation: operation, queue: queue)
            return operation
        }
        if let newOperation {
            queue.addOperation(newOperation)
        }
    }

    /// Runs on the queue: drains every mailbox that asked, including those that ask meanwhile.
    fileprivate static func drainAll(for key: ObjectIdentifier) {
        while true {
            let batch = waiting.withLock { waiting -> [MessageMailbox] in
                guard let mailboxes = waiting[key]?.mailboxes, !mailboxes.isEmpty else {
                    waiting[key] = nil
                    return []
                }
                waiting[key]!.mailboxes = []
                return mailboxes
            }
            if batch.isEmpty { return }
            for mailbox in batch {
                mailbox.drain()
            }
        }
    }
}

/// The shared drain as an operation on the delegate queue.
private final class DrainOperation: Operation, @unchecked Sendable {
    // Sendable: `key` is immutable; Operation's own state is its lock's.
    private let key: ObjectIdentifier

    init(key: ObjectIdentifier) {
        self.key = key
    }

    override func main() {
        SerialQueueDrainer.drainAll(for: key)
    }
}
