/// Serves the requests of one accepted connection, in order, on the connection's own thread.
struct Connection {
    private let socket: ConnectionSocket
    private let listener: Listener
    private var reader: RequestReader
    private let writer: ResponseWriter

    /// After an error response the client may still be sending; reading on for this long before
    /// closing keeps the kernel from answering with a reset that would destroy the response.
    private static let lingerMilliseconds: Int32 = 500
    private static let lingerMaximumBytes = 1 << 20

    init(fd: Int32, listener: Listener) {
        socket = ConnectionSocket(fd: fd, sentBytes: listener.sentBytes)
        self.listener = listener
        reader = RequestReader(socket: socket)
        writer = ResponseWriter(socket: socket, stopSignal: listener.stopSignal)
    }

    /// Serves requests until the client or a response ends the connection, or the server stops.
    /// The caller closes the socket.
    mutating func run() {
        while true {
            let request: RecordedRequest
            switch reader.next() {
            case .request(let next):
                request = next
            case .connectionClosed:
                return
            case .malformed:
                return fail(status: 400)
            case .headersTooLarge:
                return fail(status: 431)
            case .bodyTooLarge:
                return fail(status: 413)
            }
            listener.record(request)
            let response = listener.router.response(for: request)
            guard writer.send(response, to: request, keepAlive: Self.wantsKeepAlive(request)) else { return }
        }
    }

    private func fail(status: Int) {
        writer.sendError(status: status)
        SystemCalls.shutdown(socket.fd, readToo: false)
        var discard = [UInt8](repeating: 0, count: 16 * 1024)
        var discarded = 0
        while discarded < Self.lingerMaximumBytes, socket.waitReadable(milliseconds: Self.lingerMilliseconds) {
            let received = discard.withUnsafeMutableBytes { socket.receive(into: $0.baseAddress!, count: $0.count) }
            if received == 0 { return }
            discarded += received
        }
    }

    private static func wantsKeepAlive(_ request: RecordedRequest) -> Bool {
        let options = (request.header("Connection") ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if request.httpVersion == "HTTP/1.0" {
            return options.contains("keep-alive")
        }
        return !options.contains("close")
    }
}
