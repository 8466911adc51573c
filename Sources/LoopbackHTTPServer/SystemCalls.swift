#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The POSIX calls the server makes, with the Linux/Darwin differences kept in this one place.
enum SystemCalls {
    #if canImport(Glibc)
    /// Linux has no per-socket SIGPIPE switch, so every send asks for no signal instead.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    static let sendFlags: Int32 = 0
    static let streamSocket = SOCK_STREAM
    #endif

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    static func shutdown(_ fd: Int32, readToo: Bool) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(fd, Int32(readToo ? SHUT_RDWR : SHUT_WR))
        #else
        _ = Darwin.shutdown(fd, readToo ? SHUT_RDWR : SHUT_WR)
        #endif
    }

    /// Receives at most `count` bytes; 0 means end of stream, -1 an error. Retries interrupted calls.
    static func receive(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            #if canImport(Glibc)
            let received = Glibc.recv(fd, buffer, count, 0)
            #else
            let received = Darwin.recv(fd, buffer, count, 0)
            #endif
            if received < 0 && errno == EINTR { continue }
            return received
        }
    }

    /// Sends some of the bytes; returns how many, or -1 on error. Retries interrupted calls.
    static func send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, extraFlags: Int32 = 0) -> Int {
        while true {
            #if canImport(Glibc)
            let sent = Glibc.send(fd, buffer, count, sendFlags | extraFlags)
            #else
            let sent = Darwin.send(fd, buffer, count, sendFlags | extraFlags)
            #endif
            if sent < 0 && errno == EINTR { continue }
            return sent
        }
    }

    /// Waits until one of `fds` is readable (or hung up) or the timeout passes; -1 waits forever.
    /// Returns the `revents` of each descriptor, all zero on timeout.
    static func poll(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Int16] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            #if canImport(Glibc)
            let ready = Glibc.poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
            #else
            let ready = Darwin.poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
            #endif
            if ready < 0 && errno == EINTR { continue }
            // A failed poll reports every descriptor as invalid so callers stop waiting instead of spinning.
            if ready < 0 { return fds.map { _ in Int16(POLLNVAL) } }
            return entries.map(\.revents)
        }
    }

    /// The longest pause the server honours; longer ones are as good as forever in a test.
    static let maximumPauseMilliseconds = 24 * 60 * 60 * 1000

    /// Polls `fds` until one is readable or `milliseconds` have passed (however many interruptions
    /// and early returns happen in between). Returns nil on timeout, otherwise the `revents`.
    static func poll(_ fds: [Int32], forMilliseconds milliseconds: Int) -> [Int16]? {
        let clamped = UInt64(min(max(0, milliseconds), maximumPauseMilliseconds))
        let deadline = DispatchTime.now().uptimeNanoseconds + clamped * 1_000_000
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return nil }
            let remaining = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            let events = poll(fds, timeoutMilliseconds: remaining)
            if events.contains(where: { $0 != 0 }) { return events }
        }
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// Configures an accepted connection: blocking (Darwin inherits O_NONBLOCK from the listener),
    /// no Nagle delay (heads and bodies are separate writes), and no SIGPIPE on Darwin.
    static func configureAccepted(_ fd: Int32) {
        setNonBlocking(fd, false)
        setCloseOnExec(fd)
        setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        #if canImport(Darwin)
        setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
    }

    static var lastError: Int32 { errno }
}
