import Dispatch
import Locking

/// Where the connections of one session create and resume their tasks: two serial queues, taken
/// in turn. Off the delivery target, because `dataTask(with:)` and `resume()` each wait for the
/// session's work queue (a `sync`), and a delivery target is often one serial queue that many
/// connections share: made on the delegate queue at 64 loads in flight, each task held it for
/// 234–303 µs, and every message of the other connections waited behind it.
///
/// Two lanes, not one and not a concurrent queue, because the work queue takes one start at a
/// time: with two, one start waits at the work queue while the other runs. One lane made the
/// starts wait for each other, as a loop that creates tasks on one thread does; on a concurrent
/// queue every pending start blocked a thread in `sync`, and at 64 in flight a start waited
/// 12.8–13.9 ms for the queue to run it and a response 13–15 ms to reach the delegate (78–102 µs
/// with one lane). Against nginx, 3,000 GETs, paired shim/raw wall time over 25
/// rounds (Docs/Performance.md): concurrent 1.037 at 16 in flight and 0.988 at 64; one lane 0.995
/// and 1.054; two lanes 0.964 and 0.874.
///
/// A session's own lanes: a session whose work queue is held (a slow delegate's back-pressure,
/// C29) holds up the starts of its own connections only, never those on other sessions.
final class TaskStartLanes: Sendable {
    private let lanes: [DispatchQueue]
    private let nextLane = Locked(0)

    init() {
        lanes = (0..<2).map { DispatchQueue(label: "URLConnectionShim.task-start.\($0)") }
    }

    /// Runs `start` on the next lane, after the starts queued on that lane before it.
    func async(_ start: @escaping @Sendable () -> Void) {
        let lane = nextLane.withLock { next in
            defer { next = (next + 1) % lanes.count }
            return lanes[next]
        }
        lane.async(execute: start)
    }
}
