import Foundation
import Locking

/// Drains, in one operation, every mailbox waiting for the same serial delegate queue.
///
/// A serial queue runs one operation at a time anyway, so connections that share it lose
/// nothing by sharing an operation; they save an `Operation` each (about 14 k instructions on
/// Linux), and a connection's first message (C7) no longer waits behind one operation per
/// message of every other connection. Mailboxes are drained in the order they asked, each until
/// it is empty, exactly as their own operations would have run them. A queue has an entry here
/// only while a drain operation is pending on it, so a deallocated queue's identifier is never
/// found again.
enum SerialQueueDrainer {
    /// The mailboxes waiting for each queue's pending drain operation, in the order they asked.
    private static let waiting = Locked<[ObjectIdentifier: [MessageMailbox]]>([:])

    /// Arranges for `mailbox` to be drained by the queue's shared operation.
    static func wake(_ mailbox: MessageMailbox, on queue: OperationQueue) {
        let key = ObjectIdentifier(queue)
        let needsOperation = waiting.withLock { waiting in
            guard waiting[key] == nil else {
                waiting[key]!.append(mailbox)
                return false
            }
            waiting[key] = [mailbox]
            return true
        }
        if needsOperation {
            queue.addOperation(DrainOperation(key: key))
        }
    }

    /// Runs on the queue: drains every mailbox that asked, including those that ask meanwhile.
    fileprivate static func drainAll(for key: ObjectIdentifier) {
        while true {
            let batch = waiting.withLock { waiting -> [MessageMailbox] in
                guard let mailboxes = waiting[key], !mailboxes.isEmpty else {
                    waiting[key] = nil
                    return []
                }
                waiting[key] = []
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
