// ConnectionToSession: the FeedLoader of ConnectionToShim rewritten on URLSession delegates —
// one session, main-queue delivery, completionHandler(.allow), finishTasksAndInvalidate — and
// what changes on the way (an extra 401 response on Linux, curl's error codes).
import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

let report = SampleReport("ConnectionToSession — the same loader on native URLSession delegates")
let server = try LoopbackServer()
let loader = FeedLoader()
loader.user = "grace"
loader.password = "hopper"

/// Runs the main run loop until `condition` holds: `OperationQueue.main`, the delegate queue,
/// only runs while it does (on Linux as on Apple platforms).
func runMainLoop(until condition: () -> Bool) {
    while !condition() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
}

report.step("GET /redirect/2 — two redirects, then the body")
let redirected = loader.load(server.url("/redirect/2"))
runMainLoop { redirected.isDone }
report.check(redirected.redirectCount == 2, "willPerformHTTPRedirection called twice")
report.check(redirected.statusCodes == [200], "one response, status 200")
report.check(String(decoding: redirected.receivedData, as: UTF8.self) == "redirected", "body is \"redirected\"")
report.check(redirected.error == nil, "no error")

report.step("GET /basic-auth/grace/hopper — challenge answered with a credential")
let authenticated = loader.load(server.url("/basic-auth/grace/hopper"))
runMainLoop { authenticated.isDone }
report.check(authenticated.challengeCount == 1, "one challenge")
report.check(authenticated.statusCodes.last == 200, "final status 200")
report.check(String(decoding: authenticated.receivedData, as: UTF8.self) == "authenticated grace",
             "body is \"authenticated grace\" (the buffer is reset on every response)")
if authenticated.statusCodes.count > 1 {
    report.note("note: this URLSession reported \(authenticated.statusCodes) — the 401 first, as Linux's does;")
    report.note("      the shim shows its delegate the final response only (contract C14)")
}

report.step("GET /drop/100000/1000 — the server closes the connection mid-body")
let dropped = loader.load(server.url("/drop/100000/1000"))
runMainLoop { dropped.isDone }
report.check(dropped.error != nil, "didCompleteWithError with an error")
report.note("URLSession's own code: \(dropped.error?.code ?? 0) — the shim maps this to -1005 \"The network connection was lost.\" (C20)")

report.step("finishTasksAndInvalidate — the session releases its delegate")
loader.finish()
runMainLoop { loader.sessionInvalidated }
report.check(loader.sessionInvalidated, "didBecomeInvalidWithError(nil) arrived")

report.step("Where the callbacks ran")
report.check(loader.offMainThreadCallbacks.isEmpty, "every callback on the main thread (off main: \(loader.offMainThreadCallbacks))")

server.stop()
report.finish()
