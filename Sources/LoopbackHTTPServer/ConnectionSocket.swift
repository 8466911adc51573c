import Foundation
import Locking

/// The blocking socket of one accepted connection. Blocking is safe because `stop()` shuts the
/// socket down, which wakes any `recv` or `send` waiting on it.
struct ConnectionSocket: Sendable {
    let fd: Int32
    /// Where every byte sent is counted (`LoopbackServer.bytesSent`); nil for refused connections.
    var sentBytes: Locked<Int>?

    /// Receives at most `count` bytes into `buffer`; returns 0 at end of stream or on error.
    func receive(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        max(0, SystemCalls.receive(fd, buffer, count))
    }

    /// Sends every byte, or returns false once the peer is gone or the server stopped.
    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let sent = SystemCalls.send(fd, pointer, remaining)
            if sent <= 0 { return false }
            pointer += sent
            remaining -= sent
        }
        sentBytes?.withLock { $0 += bytes.count }
        return true
    }

    func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { send($0) }
    }

    func send(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
    }

    /// Best-effort send that never blocks, for refusing a connection from the accept loop.
    func sendWithoutWaiting(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            _ = SystemCalls.send(fd, base, bytes.count, extraFlags: Int32(MSG_DONTWAIT))
        }
    }

    /// Waits until the peer sends something or hangs up, or the server stops.
    /// Returns false if the server stopped.
    func waitReadable(or stop: StopSignal) -> Bool {
        let events = SystemCalls.poll([fd, stop.readEnd], timeoutMilliseconds: -1)
        return events[1] == 0
    }

    /// Waits `milliseconds`, unless the server stops or the client hangs up first, so a delayed
    /// response to a client that gave up does not keep a thread busy. Returns false in those cases.
    func pause(milliseconds: Int, or stop: StopSignal) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds
            + UInt64(min(max(0, milliseconds), SystemCalls.maximumPauseMilliseconds)) * 1_000_000
        var watchesClient = true
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return true }
            let remaining = Int((deadline - now + 999_999) / 1_000_000)
            guard let events = SystemCalls.poll(watchesClient ? [stop.readEnd, fd] : [stop.readEnd], forMilliseconds: remaining) else {
                return true
            }
            if events[0] != 0 { return false }
            // Readable means a hang-up or a pipelined request; peek to tell which. After a request
            // the socket stays readable, so only the stop signal is watched from then on.
            var byte: UInt8 = 0
            let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if peeked > 0 {
                watchesClient = false
            } else if peeked == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return false
            }
        }
    }

    /// Makes the coming close send a reset (RST) instead of an orderly FIN, discarding unsent data.
    func resetOnClose() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Waits up to `milliseconds` for input; returns false on timeout.
    func waitReadable(milliseconds: Int32) -> Bool {
        SystemCalls.poll([fd], timeoutMilliseconds: milliseconds)[0] != 0
    }
}
