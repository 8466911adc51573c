/// What a server's threads share, always accessed through `Locked`.
struct ServerState: Sendable {
    var stopped = false
    var resourcesClosed = false
    /// Sockets of connections being served; `stop()` shuts these down to wake their threads.
    var openSockets: Set<Int32> = []
    var connectionsAccepted = 0
    var requests: [RecordedRequest] = []
}
