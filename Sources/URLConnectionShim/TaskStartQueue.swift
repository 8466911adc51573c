import Dispatch

/// Where connections create and resume their tasks: off the delivery target, because
/// `resume()` waits for URLSession's work queue, and a delivery target is often one serial
/// queue that many connections share. Measured at 64 loads in flight (Docs/Performance.md):
/// made on the delegate queue, each task held it for 234–303 µs, and every message of the other
/// connections waited behind it; made off it (a global queue, in the measuring patch), the first
/// message held it for 7.6–9.1 µs. Concurrent: a session
/// whose work queue is held (a slow delegate's back-pressure, C29) must not hold up the starts of
/// connections on other sessions.
enum TaskStartQueue {
    static let queue = DispatchQueue(label: "URLConnectionShim.task-start", attributes: .concurrent)
}
