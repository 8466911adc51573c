/// What the Swift and Objective-C writers share: the server path of each exchange and the trace's
/// vocabulary. Both languages print the same events, so one comparison reads either trace.
package enum ProgramText {
    /// The request's path and query on the loopback server (the built-in routes of
    /// LoopbackHTTPServer), or nil for a refused connection, which goes to port 1. A redirect
    /// names an absolute target: GNUstep's NSURLConnection stalls on a relative `Location`.
    package static func path(of exchange: ProgramShape.Exchange, program: String) -> String? {
        switch exchange {
        case .body(let count): "/bytes/\(count)?program=\(program)"
        case .status(let code): "/status/\(code)?program=\(program)"
        case .redirect: "/redirect-to?status=302&url=BASE/bytes/9"
        case .challenge: "/basic-auth/user/secret?program=\(program)"
        case .refused: nil
        case .timeout: "/stall?program=\(program)"
        case .upload: "/echo?program=\(program)"
        }
    }

    /// Where a modified redirect goes instead of the server's target.
    package static let modifiedRedirectPath = "/bytes/7"
    /// Where the connection started after a cancel goes.
    package static let lastConnectionPath = "/bytes/3"
    /// Where a stored request is pointed right after the creating call: a rewrite that reads the
    /// property later than the call did loads this instead.
    package static let reassignedPath = "/status/410"
    /// An upload's body length.
    package static let uploadLength = 1000
    /// A timeout's interval, in seconds.
    package static let timeoutSeconds = 1
    /// The user and password the challenge route accepts.
    package static let credential = (user: "user", password: "secret")

    /// The program's class name: unique in a campaign, so many programs share one process.
    package static func className(_ index: Int) -> String { "Program\(index)" }
}
