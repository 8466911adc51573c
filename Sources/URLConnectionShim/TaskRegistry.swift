import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The running tasks of one session and the connection each belongs to: the only state the
/// session's delegate shares between tasks.
///
/// Holds each connection strongly from the moment its task exists until URLSession reports the
/// task complete, so a connection nobody else references keeps loading.
final class TaskRegistry: Sendable {
    private let connections = Locked<[Int: URLConnection]>([:])

    func register(_ connection: URLConnection, for task: URLSessionTask) {
        connections.withLock { $0[task.taskIdentifier] = connection }
    }

    func connection(for task: URLSessionTask) -> URLConnection? {
        connections.withLock { $0[task.taskIdentifier] }
    }

    @discardableResult
    func remove(_ task: URLSessionTask) -> URLConnection? {
        connections.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    var count: Int {
        connections.withLock { $0.count }
    }
}
