// SyncToAsync: the two class-method call sites of legacy code — sendSynchronousRequest and
// sendAsynchronousRequest, here through URLConnectionShim — moved to async/await with
// URLSession.shared.data(for:), and a load cancelled by cancelling its Task.
import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import URLConnectionShim

let report = SampleReport("SyncToAsync — sendSynchronousRequest / sendAsynchronousRequest to async/await")
let server = try LoopbackServer()
let feedURL = server.url("/bytes/50000")

report.step("Before: URLConnection.sendSynchronousRequest (blocks the calling thread)")
// Legacy code did this in viewDidLoad (rule nsurlconnection-send-synchronous, severity error
// there). The shim makes it work on any thread, but the thread is still blocked meanwhile.
var legacyResponse: URLResponse?
let legacyData = try URLConnection.sendSynchronousRequest(URLRequest(url: feedURL), returning: &legacyResponse)
report.note("\(legacyData.count) bytes, HTTP \((legacyResponse as? HTTPURLResponse)?.statusCode ?? 0)")
report.check(LoopbackServer.matchesPattern(legacyData) && legacyData.count == 50_000, "body complete")

report.step("Before: URLConnection.sendAsynchronousRequest (a handler on an OperationQueue)")
// Bridged with a continuation only to compare results; the migration below removes it.
let (asyncResponse, asyncData, asyncError) = await withCheckedContinuation { continuation in
    URLConnection.sendAsynchronousRequest(URLRequest(url: feedURL), queue: OperationQueue()) { response, data, error in
        continuation.resume(returning: (response, data, error))
    }
}
report.note("\(asyncData?.count ?? 0) bytes, HTTP \((asyncResponse as? HTTPURLResponse)?.statusCode ?? 0), error \(String(describing: asyncError))")
report.check(asyncData == legacyData && asyncError == nil, "same body, no error")

report.step("After: try await URLSession.shared.data(for:)")
// No thread blocked, no queue to pick, errors thrown where the call is.
let (data, response) = try await URLSession.shared.data(for: URLRequest(url: feedURL))
report.note("\(data.count) bytes, HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)")
report.check(data == legacyData, "same body as the legacy call sites")

report.step("After: HTTP errors are responses, transport errors are thrown")
let (notFoundBody, notFound) = try await URLSession.shared.data(for: URLRequest(url: server.url("/status/404")))
report.check((notFound as? HTTPURLResponse)?.statusCode == 404, "404 arrives as a response (\"\(String(decoding: notFoundBody, as: UTF8.self))\")")
do {
    _ = try await URLSession.shared.data(for: URLRequest(url: server.url("/drop/100000/1000")))
    report.check(false, "a dropped transfer throws")
} catch let error as URLError {
    report.check(true, "a dropped transfer throws URLError \(error.code.rawValue) (\(error.localizedDescription))")
}

report.step("Cancellation: cancel the Task loading /stall (the server never answers)")
let stalled = Task {
    try await URLSession.shared.data(for: URLRequest(url: server.url("/stall")))
}
// Cancel once the request has reached the server, so the cancel hits a load in flight.
while server.requests.allSatisfy({ $0.path != "/stall" }) {
    try await Task.sleep(nanoseconds: 10_000_000)
}
let cancelledAt = Date()
stalled.cancel()
switch await stalled.result {
case .success:
    report.check(false, "a cancelled load does not succeed")
case .failure(let error as URLError) where error.code == .cancelled:
    report.check(true, "threw URLError.cancelled (\(error.code.rawValue)) after \(Int(Date().timeIntervalSince(cancelledAt) * 1000)) ms")
case .failure(is CancellationError):
    report.check(true, "threw CancellationError after \(Int(Date().timeIntervalSince(cancelledAt) * 1000)) ms")
case .failure(let error):
    report.check(false, "threw cancellation, not \(error)")
}

server.stop()
report.finish()
