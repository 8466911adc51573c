import Foundation

/// Sends scripted responses on one connection, carrying out their body modes.
struct ResponseWriter {
    let socket: ConnectionSocket
    let stopSignal: StopSignal

    /// Heads and bodies up to this size go out in a single send, so a small response is one segment.
    private static let coalesceLimit = 64 * 1024

    /// Sends `response` to `request`. Returns whether the connection may serve another request.
    func send(_ response: ScriptedResponse, to request: RecordedRequest, keepAlive requestedKeepAlive: Bool) -> Bool {
        if response.delayMilliseconds > 0 {
            guard socket.pause(milliseconds: response.delayMilliseconds, or: stopSignal) else { return false }
        }
        let routeSaysClose = response.headers.contains {
            $0.key.caseInsensitiveCompare("Connection") == .orderedSame && $0.value.lowercased().contains("close")
        }
        let keepAlive = requestedKeepAlive && !routeSaysClose
        let sendsBody = request.method != "HEAD" && Self.statusAllowsBody(response.status)

        switch response.body {
        case .closeConnection:
            return false
        case .raw(let bytes):
            _ = socket.send(bytes)
            return false
        case .stall:
            stallUntilClosed()
            return false
        case .data(let data):
            var message = Data(head(response, framing: "Content-Length: \(data.count)", keepAlive: keepAlive).utf8)
            guard sendsBody, !data.isEmpty else { return socket.send(message) && keepAlive }
            if data.count <= Self.coalesceLimit {
                message.append(data)
                return socket.send(message) && keepAlive
            }
            return socket.send(message) && socket.send(data) && keepAlive
        case .pattern(let count):
            let head = head(response, framing: "Content-Length: \(count)", keepAlive: keepAlive)
            if sendsBody, count <= Self.coalesceLimit, count <= BytePattern.blockSize {
                var message = Data(head.utf8)
                BytePattern.withBytes(offset: 0, count: count) { message.append(contentsOf: $0) }
                return socket.send(message) && keepAlive
            }
            guard socket.send(head) else { return false }
            return (!sendsBody || sendPattern(offset: 0, count: count)) && keepAlive
        case .truncatedPattern(let declared, let sent):
            guard socket.send(head(response, framing: "Content-Length: \(declared)", keepAlive: keepAlive)) else { return false }
            if sendsBody {
                _ = sendPattern(offset: 0, count: min(sent, declared))
                return false
            }
            return keepAlive
        case .resetPattern(let declared, let sent):
            if socket.send(head(response, framing: "Content-Length: \(declared)", keepAlive: false)), sendsBody {
                _ = sendPattern(offset: 0, count: min(sent, declared))
            }
            socket.resetOnClose()
            return false
        case .endlessChunkedPattern(let chunkSize):
            guard socket.send(head(response, framing: "Transfer-Encoding: chunked", keepAlive: false)) else { return false }
            guard sendsBody else { return false }
            return sendChunkedPattern(count: .max, chunkSize: max(1, min(chunkSize, BytePattern.blockSize)), delay: 0)
        case .chunkedPattern(let count, let chunkSize, let delay):
            guard socket.send(head(response, framing: "Transfer-Encoding: chunked", keepAlive: keepAlive)) else { return false }
            guard sendsBody else { return keepAlive }
            return sendChunkedPattern(count: count, chunkSize: max(1, chunkSize), delay: delay) && keepAlive
        case .chunks(let chunks, let delay):
            guard socket.send(head(response, framing: "Transfer-Encoding: chunked", keepAlive: keepAlive)) else { return false }
            guard sendsBody else { return keepAlive }
            return sendChunks(chunks.filter { !$0.isEmpty }, delay: delay) && keepAlive
        }
    }

    /// Answers a request that could not be read, for which the connection is then closed.
    func sendError(status: Int) {
        let body = Self.reason(for: status).lowercased() + "\n"
        _ = socket.send(head(.text(body, status: status), framing: "Content-Length: \(body.utf8.count)", keepAlive: false) + body)
    }

    // MARK: Pieces

    private func head(_ response: ScriptedResponse, framing: String, keepAlive: Bool) -> String {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(for: response.status))\r\n"
        let serverOwned: Set<String> = ["content-length", "transfer-encoding", "connection"]
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) where !serverOwned.contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        for (name, value) in response.additionalHeaders where !serverOwned.contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        if Self.statusAllowsBody(response.status) {
            head += framing + "\r\n"
        }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return head
    }

    private func sendChunkedPattern(count: Int, chunkSize: Int, delay: Int) -> Bool {
        var offset = 0
        var framed = Data()
        while offset < count {
            if offset > 0, delay > 0, !socket.pause(milliseconds: delay, or: stopSignal) { return false }
            let length = min(chunkSize, count - offset)
            if length <= BytePattern.blockSize {
                // One send per chunk: with TCP_NODELAY, separate sends of size line, data and CRLF
                // would each become a segment and make the client's work look slower than it is.
                framed.removeAll(keepingCapacity: true)
                framed.append(contentsOf: (String(length, radix: 16) + "\r\n").utf8)
                BytePattern.withBytes(offset: offset, count: length) { framed.append(contentsOf: $0) }
                framed.append(contentsOf: [13, 10])
                guard socket.send(framed) else { return false }
            } else {
                guard socket.send(String(length, radix: 16) + "\r\n"),
                      sendPattern(offset: offset, count: length),
                      socket.send("\r\n") else { return false }
            }
            offset += length
        }
        return socket.send("0\r\n\r\n")
    }

    private func sendChunks(_ chunks: [Data], delay: Int) -> Bool {
        for (index, chunk) in chunks.enumerated() {
            if index > 0, delay > 0, !socket.pause(milliseconds: delay, or: stopSignal) { return false }
            var framed = Data((String(chunk.count, radix: 16) + "\r\n").utf8)
            framed.append(chunk)
            framed.append(contentsOf: [13, 10])
            guard socket.send(framed) else { return false }
        }
        return socket.send("0\r\n\r\n")
    }

    private func sendPattern(offset start: Int, count: Int) -> Bool {
        var sent = 0
        while sent < count {
            let length = min(BytePattern.blockSize, count - sent)
            guard BytePattern.withBytes(offset: start + sent, count: length, { socket.send($0) }) else { return false }
            sent += length
        }
        return true
    }

    /// Holds the connection, discarding anything the client sends, until it closes or the server stops.
    private func stallUntilClosed() {
        var discard = [UInt8](repeating: 0, count: 4096)
        while socket.waitReadable(or: stopSignal) {
            let received = discard.withUnsafeMutableBytes { socket.receive(into: $0.baseAddress!, count: $0.count) }
            if received == 0 { return }
        }
    }

    private static func statusAllowsBody(_ status: Int) -> Bool {
        !(100...199).contains(status) && status != 204 && status != 304
    }

    static func reason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 207: "Multi-Status"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
