/// Picks the response for a request: custom routes by exact path first, then the built-ins, then 404.
struct Router: Sendable {
    let custom: [String: Route]
    let builtIns: BuiltInRoutes

    func response(for request: RecordedRequest) -> ScriptedResponse {
        if let route = custom[request.path] {
            return route.respond(request)
        }
        return builtIns.response(for: request) ?? .text("not found", status: 404)
    }
}
