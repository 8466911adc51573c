// ConnectionToShim: a legacy NSURLConnection delegate class moved onto URLConnectionShim by the
// renames alone, loading a redirect, a Basic-auth resource and a dropped transfer, with every
// callback on the main thread while the main run loop runs — as NSURLConnection delivered them.
import Foundation
import SampleSupport
import LoopbackHTTPServer
import URLConnectionShim

let report = SampleReport("ConnectionToShim — NSURLConnection code on URLConnectionShim, renamed only")
let server = try LoopbackServer()

/// Starts `loader` on the main thread and runs the main run loop until it finishes or fails:
/// the connection is scheduled on the run loop of the thread that started it (C3).
func runToEnd(_ loader: FeedLoader, _ path: String) {
    loader.load(server.url(path))
    while !loader.isDone {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
}

report.step("GET /redirect/2 — two redirects, then the body")
let redirected = FeedLoader()
runToEnd(redirected, "/redirect/2")
report.check(redirected.redirectCount == 2, "willSend saw 2 redirects (after the first request)")
report.check(redirected.statusCode == 200, "final status 200")
report.check(String(decoding: redirected.receivedData, as: UTF8.self) == "redirected", "body is \"redirected\"")
report.check(redirected.error == nil, "no error")

report.step("GET /basic-auth/grace/hopper — challenge answered through the sender")
let authenticated = FeedLoader()
authenticated.user = "grace"
authenticated.password = "hopper"
runToEnd(authenticated, "/basic-auth/grace/hopper")
report.check(authenticated.challengeCount == 1, "one challenge")
report.check(authenticated.statusCode == 200, "the delegate saw only the final 200, never the 401 (C14)")
report.check(String(decoding: authenticated.receivedData, as: UTF8.self) == "authenticated grace", "body is \"authenticated grace\"")

report.step("GET /drop/100000/1000 — the server closes the connection mid-body")
let dropped = FeedLoader()
runToEnd(dropped, "/drop/100000/1000")
report.check(dropped.error?.code == NSURLErrorNetworkConnectionLost, "didFailWithError with -1005 (NSURLConnection's code, not curl's -1)")
report.check(dropped.error?.localizedDescription == "The network connection was lost.", "the classic description")
report.check(dropped.error?.userInfo[NSURLErrorFailingURLErrorKey] != nil, "userInfo carries the failing URL")

report.step("Where the callbacks ran")
let offMain = [redirected, authenticated, dropped].flatMap(\.offMainThreadCallbacks)
report.check(offMain.isEmpty, "every callback on the main thread (off main: \(offMain))")

server.stop()
report.finish()
