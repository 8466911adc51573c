import Foundation

/// A thread that runs its run loop until stopped: a delivery target that is not the main thread.
final class RunLoopThread: @unchecked Sendable {
    // Sendable: `thread` and `runLoop` are immutable; RunLoop.add(_:forMode:) is thread-safe.
    /// What the thread and its owner share; the thread keeps it alive, not the owner.
    private final class Control: @unchecked Sendable {
        // Sendable: `runLoop` is written before `ready` is signalled and only read after it;
        // `isStopped` is guarded by `lock`.
        var runLoop: RunLoop?
        let ready = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stopped = false
        var isStopped: Bool {
            get { lock.lock(); defer { lock.unlock() }; return stopped }
            set { lock.lock(); stopped = newValue; lock.unlock() }
        }
    }

    private let control = Control()
    let thread: Thread
    let runLoop: RunLoop

    init() {
        let control = self.control
        thread = Thread {
            let runLoop = RunLoop.current
            control.runLoop = runLoop
            // A run loop with no timer or source returns at once; this keeps it blocking.
            runLoop.add(Timer(timeInterval: 1e9, repeats: false) { _ in }, forMode: .default)
            control.ready.signal()
            while !control.isStopped {
                _ = runLoop.run(mode: .default, before: .distantFuture)
            }
        }
        thread.name = "RunLoopThread"
        thread.start()
        control.ready.wait()
        runLoop = control.runLoop!
    }

    func stop() {
        control.isStopped = true
        runLoop.add(Timer(timeInterval: 0, repeats: false) { _ in }, forMode: .default)
    }
}
