import Foundation
import URLConnectionShim

/// The ways a connection can be told where to deliver, as in WinObjC's NSURLConnection tests:
/// every behavioural scenario runs under each of them.
enum DeliveryMode: String, CaseIterable {
    case delegateQueue
    case mainRunLoop
    case backgroundRunLoop
    case severalRunLoops

    /// Applies the mode to a connection created with `startImmediately: false`.
    /// Returns what the test must keep alive and check deliveries against.
    func apply(to connection: URLConnection) -> DeliveryExpectation {
        switch self {
        case .delegateQueue:
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 4
            connection.setDelegateQueue(queue)
            return .queue(queue)
        case .mainRunLoop:
            connection.schedule(in: .main, forMode: .default)
            return .threads([], main: true)
        case .backgroundRunLoop:
            let thread = RunLoopThread()
            connection.schedule(in: thread.runLoop, forMode: .default)
            return .threads([thread], main: false)
        case .severalRunLoops:
            let threads = [RunLoopThread(), RunLoopThread()]
            let custom = RunLoop.Mode("URLConnectionShimTests.custom")
            for thread in threads {
                connection.schedule(in: thread.runLoop, forMode: .default)
            }
            connection.schedule(in: threads[1].runLoop, forMode: custom)
            return .threads(threads, main: false)
        }
    }
}

/// Where every message of a connection must arrive under a `DeliveryMode`.
enum DeliveryExpectation {
    case queue(OperationQueue)
    case threads([RunLoopThread], main: Bool)

    /// Nil when `context` is acceptable, otherwise what is wrong with it.
    func violation(by context: DeliveryContext) -> String? {
        switch self {
        case .queue(let queue):
            return context.queue === queue ? nil : "not on the delegate queue"
        case .threads(let threads, let main):
            if main {
                return context.isMainThread ? nil : "not on the main thread"
            }
            return threads.contains { $0.thread === context.thread } ? nil : "not on a scheduled run loop's thread"
        }
    }

    /// Stops the run loop threads; call when the test is done with the connection.
    func finish() {
        if case .threads(let threads, _) = self {
            threads.forEach { $0.stop() }
        }
    }
}

/// The thread, queue and mode a message ran on.
struct DeliveryContext {
    let thread: Thread
    let isMainThread: Bool
    let queue: OperationQueue?
    let mode: RunLoop.Mode?

    static var current: DeliveryContext {
        DeliveryContext(
            thread: Thread.current, isMainThread: Thread.isMainThread, queue: OperationQueue.current,
            mode: RunLoop.current.currentMode)
    }
}
