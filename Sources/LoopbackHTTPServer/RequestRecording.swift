/// How much of each request a server keeps in `LoopbackServer.requests`.
public enum RequestRecording: Sendable {
    /// Every request with its body.
    case full
    /// Every request without its body, so large uploads in benchmarks cost no memory.
    case withoutBodies
    /// Nothing; for long benchmarks.
    case off
}
