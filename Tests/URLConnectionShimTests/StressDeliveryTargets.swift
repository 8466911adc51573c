import Foundation
import URLConnectionShim

/// The delivery targets shared by every stress connection — one delegate queue, the main run
/// loop, two run loop threads — so thousands of connections do not start thousands of threads.
/// Each `DeliveryMode` maps onto them as `DeliveryMode.apply(to:)` does for a single connection.
final class StressDeliveryTargets {
    private let queue: OperationQueue
    private let threads: [RunLoopThread]
    private let customMode = RunLoop.Mode("URLConnectionShimTests.stress")

    init() {
        queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        threads = [RunLoopThread(), RunLoopThread()]
    }

    /// Where messages of a connection scheduled per `mode` must arrive.
    func expectation(for mode: DeliveryMode) -> DeliveryExpectation {
        switch mode {
        case .delegateQueue: .queue(queue)
        case .mainRunLoop: .threads([], main: true)
        case .backgroundRunLoop: .threads([threads[0]], main: false)
        case .severalRunLoops: .threads(threads, main: false)
        }
    }

    /// Schedules a connection created with `startImmediately: false` per `mode`.
    func schedule(_ connection: URLConnection, as mode: DeliveryMode) {
        switch mode {
        case .delegateQueue:
            connection.setDelegateQueue(queue)
        case .mainRunLoop:
            connection.schedule(in: .main, forMode: .default)
        case .backgroundRunLoop:
            connection.schedule(in: threads[0].runLoop, forMode: .default)
        case .severalRunLoops:
            for thread in threads {
                connection.schedule(in: thread.runLoop, forMode: .default)
            }
            connection.schedule(in: threads[1].runLoop, forMode: customMode)
        }
    }

    func stop() {
        threads.forEach { $0.stop() }
    }
}
