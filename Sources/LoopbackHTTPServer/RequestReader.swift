import Foundation

/// Reads HTTP/1.x requests, one after another, from a connection's socket.
struct RequestReader {
    enum Outcome {
        case request(RecordedRequest)
        /// The client closed (or the server stopped) before a complete request arrived.
        case connectionClosed
        case malformed
        case headersTooLarge
        case bodyTooLarge
    }

    /// Beyond this a request head is answered with 431; URLSession heads are far smaller.
    static let maximumHeadBytes = 64 * 1024
    /// Beyond this a request body is answered with 413 instead of being buffered.
    static let maximumBodyBytes = 1 << 30
    private static let maximumChunkLineBytes = 4096
    private static let receiveSize = 64 * 1024

    private let socket: ConnectionSocket
    /// Bytes received but not consumed yet; a pipelined next request may already be in here.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var receiveBuffer = [UInt8](repeating: 0, count: receiveSize)

    init(socket: ConnectionSocket) {
        self.socket = socket
    }

    mutating func next() -> Outcome {
        let headEnd: Int
        switch readHead() {
        case .found(let end): headEnd = end
        case .closed: return .connectionClosed
        case .tooLarge: return .headersTooLarge
        }
        let headBytes = pending[pendingStart..<headEnd]
        pendingStart = headEnd + 4
        guard var request = Self.parseHead(headBytes) else { return .malformed }

        let transferEncoding = request.header("Transfer-Encoding")
        let contentLength = request.header("Content-Length")
        let bodyExpected: Bool
        var declaredLength = 0
        if let transferEncoding {
            let codings = transferEncoding.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard codings.last == "chunked" else { return .malformed }
            bodyExpected = true
        } else if let contentLength {
            guard let length = Int(contentLength.trimmingCharacters(in: .whitespaces)), length >= 0 else { return .malformed }
            guard length <= Self.maximumBodyBytes else { return .bodyTooLarge }
            declaredLength = length
            bodyExpected = length > 0
        } else {
            bodyExpected = false
        }

        if bodyExpected, request.header("Expect")?.lowercased() == "100-continue", request.httpVersion != "HTTP/1.0" {
            guard socket.send("HTTP/1.1 100 Continue\r\n\r\n") else { return .connectionClosed }
        }

        if transferEncoding != nil {
            switch readChunkedBody() {
            case .body(let body): request.body = body
            case .closed: return .connectionClosed
            case .malformed: return .malformed
            case .tooLarge: return .bodyTooLarge
            }
        } else if declaredLength > 0 {
            guard let body = readBody(count: declaredLength) else { return .connectionClosed }
            request.body = body
        }
        compactPending()
        return .request(request)
    }

    // MARK: Head

    private enum HeadSearch { case found(Int), closed, tooLarge }

    /// Receives until the pending bytes hold "\r\n\r\n"; returns the index where it starts.
    private mutating func readHead() -> HeadSearch {
        var searchFrom = pendingStart
        while true {
            if let end = Self.find(crlfcrlf, in: pending, from: searchFrom, to: pending.count) {
                if end - pendingStart > Self.maximumHeadBytes { return .tooLarge }
                return .found(end)
            }
            if pending.count - pendingStart > Self.maximumHeadBytes { return .tooLarge }
            searchFrom = max(pendingStart, pending.count - 3)
            guard receiveMore() else { return .closed }
        }
    }

    private let crlfcrlf: [UInt8] = [13, 10, 13, 10]

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, to end: Int) -> Int? {
        guard end - from >= needle.count else { return nil }
        var index = from
        while index <= end - needle.count {
            if haystack[index] == needle[0] {
                var matches = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// Parses the request line and header fields; nil if they are not valid HTTP/1.x.
    static func parseHead(_ bytes: ArraySlice<UInt8>) -> RecordedRequest? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        // RFC 9112 asks servers to ignore empty lines before the request line.
        while lines.first == "" { lines.removeFirst() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let method = String(parts[0]), target = String(parts[1]), version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy(Self.isTokenByte) else { return nil }
        guard target.hasPrefix("/") || target.hasPrefix("http://") || target.hasPrefix("https://") || target == "*" else { return nil }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return nil }

        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers.append((name: name, value: value))
        }
        return RecordedRequest(method: method, target: target, httpVersion: version, headers: headers)
    }

    /// RFC 9110 token characters: the only ones allowed in methods and header names.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    // MARK: Body

    private mutating func readBody(count: Int) -> Data? {
        var body = Data()
        body.reserveCapacity(count)
        var remaining = count
        let buffered = min(remaining, pending.count - pendingStart)
        body.append(contentsOf: pending[pendingStart..<pendingStart + buffered])
        pendingStart += buffered
        remaining -= buffered
        // Large bodies bypass `pending` and go straight from the receive buffer into the body.
        while remaining > 0 {
            let wanted = min(remaining, receiveBuffer.count)
            let received = receiveBuffer.withUnsafeMutableBytes { socket.receive(into: $0.baseAddress!, count: wanted) }
            if received == 0 { return nil }
            body.append(contentsOf: receiveBuffer[0..<received])
            remaining -= received
        }
        return body
    }

    private enum ChunkedBody { case body(Data), closed, malformed, tooLarge }

    private mutating func readChunkedBody() -> ChunkedBody {
        var body = Data()
        var total = 0
        while true {
            guard let sizeLine = readLine() else { return pending.count - pendingStart > Self.maximumChunkLineBytes ? .malformed : .closed }
            let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return .malformed }
            if size == 0 { break }
            total += size
            guard total <= Self.maximumBodyBytes else { return .tooLarge }
            guard let chunk = readBody(count: size) else { return .closed }
            body.append(chunk)
            guard let terminator = readLine() else { return .closed }
            guard terminator.isEmpty else { return .malformed }
        }
        // Trailer fields are read and dropped; an empty line ends the message.
        while true {
            guard let trailer = readLine() else { return .closed }
            if trailer.isEmpty { return .body(body) }
        }
    }

    /// The next CRLF-terminated line, without the CRLF; nil if the connection closed first or the
    /// line is unreasonably long.
    private mutating func readLine() -> String? {
        var searchFrom = pendingStart
        while true {
            if let end = Self.find([13, 10], in: pending, from: searchFrom, to: pending.count) {
                let line = String(decoding: pending[pendingStart..<end], as: UTF8.self)
                pendingStart = end + 2
                return line
            }
            if pending.count - pendingStart > Self.maximumChunkLineBytes { return nil }
            searchFrom = max(pendingStart, pending.count - 1)
            guard receiveMore() else { return nil }
        }
    }

    // MARK: Buffer

    /// Appends whatever the socket has next to `pending`; false at end of stream.
    private mutating func receiveMore() -> Bool {
        let received = receiveBuffer.withUnsafeMutableBytes { socket.receive(into: $0.baseAddress!, count: $0.count) }
        guard received > 0 else { return false }
        pending.append(contentsOf: receiveBuffer[0..<received])
        return true
    }

    /// Drops consumed bytes so a long keep-alive connection does not grow `pending` forever.
    private mutating func compactPending() {
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
        } else if pendingStart > 0 {
            pending.removeSubrange(0..<pendingStart)
        }
        pendingStart = 0
    }
}
