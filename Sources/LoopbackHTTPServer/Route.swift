/// A custom route: computes the response for a request whose path matches exactly.
///
/// It runs on the connection's own thread, so it may block (or call `Thread.sleep`) without
/// holding up any other connection.
public struct Route: Sendable {
    /// Produces the response for one request.
    public let respond: @Sendable (RecordedRequest) -> ScriptedResponse

    /// A route that answers each request with what `respond` returns.
    public init(_ respond: @escaping @Sendable (RecordedRequest) -> ScriptedResponse) {
        self.respond = respond
    }

    /// A route that always answers with the same response.
    public static func constant(_ response: ScriptedResponse) -> Route {
        Route { _ in response }
    }
}
