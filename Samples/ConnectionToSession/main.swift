// ConnectionToSession: ConnectionToShim's FeedLoader moved onto URLSession's own delegates by
// `migrate-scan --fix --to urlsession` — one session on the main queue, completionHandler(.allow),
// finishTasksAndInvalidate — and what changes on the way (an extra 401 response on Linux,
// URLSession's own error codes).
import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

let report = SampleReport("ConnectionToSession — the same loader on native URLSession delegates")
let server = try LoopbackServer()

/// Starts `loader` on the main thread and runs the main run loop until it finishes or fails: its
/// session delivers on `OperationQueue.main`, which only runs while the main run loop does.
func runToEnd(_ loader: FeedLoader, _ path: String) {
    loader.load(server.url(path))
    while !loader.isDone {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
}

report.step("GET /redirect/2 — the first request, then two redirects, then the body")
let redirected = FeedLoader()
runToEnd(redirected, "/redirect/2")
report.check(redirected.redirectCount == 2, "sessionWillSend saw 2 redirects (after the first request)")
report.check(redirected.statusCode == 200, "final status 200")
report.check(String(decoding: redirected.receivedData, as: UTF8.self) == "redirected", "body is \"redirected\"")
report.check(redirected.error == nil, "no error")

report.step("GET /basic-auth/grace/hopper — challenge answered through the completion handler")
let authenticated = FeedLoader()
authenticated.user = "grace"
authenticated.password = "hopper"
runToEnd(authenticated, "/basic-auth/grace/hopper")
report.check(authenticated.challengeCount == 1, "one challenge")
report.check(authenticated.statusCode == 200, "final status 200")
report.check(String(decoding: authenticated.receivedData, as: UTF8.self) == "authenticated grace",
             "body is \"authenticated grace\" (the buffer is reset on every response)")
report.note("on Linux the 401 arrives as a response first (above); the shim shows the final response only (C14)")

report.step("GET /drop/100000/1000 — the server closes the connection mid-body")
let dropped = FeedLoader()
runToEnd(dropped, "/drop/100000/1000")
report.check(dropped.error != nil, "didCompleteWithError with an error")
report.note("URLSession's own code: \(dropped.error?.code ?? 0) — the shim maps this to -1005 \"The network connection was lost.\" (C20)")

report.step("Where the callbacks ran")
let offMain = [redirected, authenticated, dropped].flatMap(\.offMainThreadCallbacks)
report.check(offMain.isEmpty, "every callback on the main thread (off main: \(offMain))")

server.stop()
report.finish()
