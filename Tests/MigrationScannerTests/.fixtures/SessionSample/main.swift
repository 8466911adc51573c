// The loads of Samples/ConnectionToSession, for FixSessionSampleTests: built once with the
// sample's FeedLoader and once with the one `--fix --to urlsession` makes of ConnectionToShim's,
// against the loopback server; the two outputs must be equal.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer

let server = try LoopbackServer()
for path in ["/redirect/2", "/basic-auth/grace/hopper", "/drop/100000/1000", "/status/404"] {
    print("load \(path)")
    let loader = FeedLoader()
    loader.user = "grace"
    loader.password = "hopper"
    loader.load(server.url(path))
    while !loader.isDone {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
    print("done status=\(loader.statusCode) redirects=\(loader.redirectCount) challenges=\(loader.challengeCount) "
        + "body=\(String(decoding: loader.receivedData.prefix(40), as: UTF8.self)) error=\(loader.error?.code ?? 0) "
        + "offMain=\(loader.offMainThreadCallbacks)")
}
server.stop()
