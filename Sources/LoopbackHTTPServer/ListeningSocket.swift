#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking TCP socket listening on 127.0.0.1 on a port the kernel picked.
struct ListeningSocket: Sendable {
    let fd: Int32
    let port: UInt16

    /// Deep enough that a burst of benchmark connections is never refused by the kernel.
    private static let backlog: Int32 = 1024

    init() throws {
        let fd = socket(AF_INET, SystemCalls.streamSocket, 0)
        guard fd >= 0 else { throw LoopbackServerError(operation: "socket", code: SystemCalls.lastError) }
        func fail(_ operation: String) -> LoopbackServerError {
            let error = LoopbackServerError(operation: operation, code: SystemCalls.lastError)
            SystemCalls.close(fd)
            return error
        }
        SystemCalls.setCloseOnExec(fd)
        SystemCalls.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)

        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw fail("bind") }
        guard listen(fd, Self.backlog) == 0 else { throw fail("listen") }

        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw fail("getsockname") }
        // Non-blocking so a connection reset between poll() and accept() cannot block the accept loop.
        SystemCalls.setNonBlocking(fd, true)
        self.fd = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }

    enum Acceptance {
        case accepted(Int32)
        /// Nothing to accept (anymore), or the peer gave up before we got to it.
        case nothingPending
        /// Out of descriptors or buffers, or an unexpected error; retrying at once would spin.
        case failed
    }

    func accept() -> Acceptance {
        #if canImport(Glibc)
        let connection = Glibc.accept(fd, nil, nil)
        #else
        let connection = Darwin.accept(fd, nil, nil)
        #endif
        if connection >= 0 { return .accepted(connection) }
        switch SystemCalls.lastError {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return .nothingPending
        default: return .failed
        }
    }

    func close() {
        SystemCalls.close(fd)
    }
}
