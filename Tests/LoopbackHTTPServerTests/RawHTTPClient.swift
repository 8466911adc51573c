import Foundation
import LoopbackHTTPServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response as read off the wire by `RawHTTPClient`.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data
    /// The chunk sizes, in order, if the body was chunked.
    var chunkSizes: [Int] = []

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client that speaks just enough HTTP to check the server byte by byte.
/// Reads time out after `timeout` seconds so a broken server fails a test instead of hanging it.
final class RawHTTPClient {
    let fd: Int32
    private var pending: [UInt8] = []

    init(port: UInt16, timeout: Int = 10) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var timeval = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeval, socklen_t(MemoryLayout.size(ofValue: timeval)))
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            _ = closeSocket()
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
    }

    deinit { _ = closeSocket() }

    private var closed = false

    @discardableResult
    func closeSocket() -> Int32 {
        guard !closed else { return 0 }
        closed = true
        #if canImport(Glibc)
        return Glibc.close(fd)
        #else
        return Darwin.close(fd)
        #endif
    }

    /// Sends everything; false if the server is gone.
    @discardableResult
    func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(fd, bytes.baseAddress! + offset, bytes.count - offset, 0)
                #endif
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Sends a GET (or other body-less) request for `target`.
    @discardableResult
    func request(_ method: String = "GET", _ target: String, headers: [String] = []) -> Bool {
        send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// Receives more bytes; false at end of stream, on error or on timeout.
    private func receiveMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        guard received > 0 else { return false }
        pending.append(contentsOf: buffer[0..<received])
        return true
    }

    private func readLine() -> String? {
        while true {
            if let index = findCRLF() {
                let line = String(decoding: pending[0..<index], as: UTF8.self)
                pending.removeFirst(index + 2)
                return line
            }
            guard receiveMore() else { return nil }
        }
    }

    private func findCRLF() -> Int? {
        guard pending.count >= 2 else { return nil }
        for index in 0..<(pending.count - 1) where pending[index] == 13 && pending[index + 1] == 10 {
            return index
        }
        return nil
    }

    private func readExactly(_ count: Int) -> Data? {
        while pending.count < count {
            guard receiveMore() else { return nil }
        }
        let data = Data(pending[0..<count])
        pending.removeFirst(count)
        return data
    }

    /// Reads one response; nil if the connection ended (or timed out) before a complete one.
    /// `bodyless` is for answers to HEAD.
    func readResponse(bodyless: Bool = false) -> RawResponse? {
        guard let statusLine = readLine() else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else { return nil }
        var response = RawResponse(status: status, headers: [], body: Data())
        while true {
            guard let line = readLine() else { return nil }
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            response.headers.append((
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            ))
        }
        if bodyless || status < 200 || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                guard let sizeLine = readLine(), let size = Int(sizeLine, radix: 16) else { return nil }
                if size == 0 { break }
                response.chunkSizes.append(size)
                guard let chunk = readExactly(size), readLine() == "" else { return nil }
                response.body.append(chunk)
            }
            guard readLine() == "" else { return nil }
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            guard let body = readExactly(length) else { return nil }
            response.body = body
        } else {
            response.body = readUntilClose()
        }
        return response
    }

    /// Reads `count` body bytes in blocks, checking each against the pattern without keeping them.
    /// Returns how many bytes matched before the first mismatch or the end of the stream.
    func readPatternBody(count: Int) -> Int {
        var verified = 0
        if !pending.isEmpty {
            let head = Data(pending.prefix(count))
            pending.removeFirst(head.count)
            guard LoopbackServer.matchesPattern(head) else { return 0 }
            verified = head.count
        }
        var buffer = Data(count: 256 * 1024)
        while verified < count {
            let wanted = min(buffer.count, count - verified)
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, wanted, 0) }
            guard received > 0 else { return verified }
            guard LoopbackServer.matchesPattern(buffer.prefix(received), offset: verified) else { return verified }
            verified += received
        }
        return verified
    }

    /// Reads and discards `count` bytes of whatever comes; returns how many came.
    func discard(_ count: Int) -> Int {
        var read = min(pending.count, count)
        pending.removeFirst(read)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while read < count {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, min($0.count, count - read), 0) }
            guard received > 0 else { return read }
            read += received
        }
        return read
    }

    /// Everything until the server closes (or the read times out).
    func readUntilClose() -> Data {
        while receiveMore() {}
        let data = Data(pending)
        pending.removeAll()
        return data
    }

    /// Reads until the stream ends; true if it ended with a reset (RST) rather than an orderly close.
    func endsWithReset() -> Bool {
        pending.removeAll()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if received > 0 { continue }
            return received < 0 && errno == ECONNRESET
        }
    }

    /// Whether the server closed the connection: the next read sees end of stream, not a timeout.
    func serverClosed() -> Bool {
        guard pending.isEmpty else { return false }
        var byte: UInt8 = 0
        let received = recv(fd, &byte, 1, 0)
        return received == 0 || (received < 0 && errno == ECONNRESET)
    }
}
