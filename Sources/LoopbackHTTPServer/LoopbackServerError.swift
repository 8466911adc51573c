/// A socket call failed while starting the server.
public struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    /// The call that failed, such as "bind".
    public var operation: String
    /// The `errno` it left.
    public var code: Int32

    /// The failed call and its errno, for test logs.
    public var description: String { "LoopbackServer: \(operation) failed with errno \(code)" }
}
