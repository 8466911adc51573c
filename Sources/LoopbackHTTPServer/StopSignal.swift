import Foundation

/// A pipe that becomes readable, and stays readable, once the server stops. Every wait that is
/// not on a connection's own socket (accepting, delays, stalls) polls it, so stopping wakes them all.
final class StopSignal: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw LoopbackServerError(operation: "pipe", code: SystemCalls.lastError) }
        readEnd = ends[0]
        writeEnd = ends[1]
        SystemCalls.setCloseOnExec(readEnd)
        SystemCalls.setCloseOnExec(writeEnd)
    }

    /// Makes the pipe readable for good; the byte is never read, so every later poll sees it too.
    func fire() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Sleeps for `milliseconds` unless the server stops first. Returns false if it stopped.
    func sleep(milliseconds: Int) -> Bool {
        SystemCalls.poll([readEnd], forMilliseconds: milliseconds) == nil
    }

    /// Called once every thread that could poll the pipe has finished.
    func close() {
        SystemCalls.close(readEnd)
        SystemCalls.close(writeEnd)
    }
}
