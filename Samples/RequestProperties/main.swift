// RequestProperties: typed metadata attached to a request (the file an upload belongs to) with
// RequestPropertyKey, read back in a URLProtocol and in the connection's delegate — on Linux as
// on Apple platforms — next to the legacy URLProtocol.setProperty idiom, which Linux loses.
import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import URLConnectionShim

let report = SampleReport("RequestProperties — typed request metadata that survives on Linux")
let server = try LoopbackServer()

report.step("The legacy idiom: URLProtocol.setProperty on an NSMutableURLRequest")
let legacyRequest = NSMutableURLRequest(url: server.url("/echo"))
URLProtocol.setProperty("/tmp/photo.jpg", forKey: RequestKeys.legacyUploadFile, in: legacyRequest)
let bridged = legacyRequest as URLRequest
let legacyValue = URLProtocol.property(forKey: RequestKeys.legacyUploadFile, in: bridged) as? String
report.note("set \"/tmp/photo.jpg\"; read back after `as URLRequest`: \(legacyValue.map { "\"\($0)\"" } ?? "nil")")
#if canImport(FoundationNetworking)
report.note(legacyValue == nil ? "lost, as Linux's Foundation drops it on every copy or bridge (contract C28)"
                               : "kept — this Foundation no longer drops it")
#endif

report.step("Prepare an upload: a temporary file, and the request that sends it")
let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).txt")
let fileContents = Data("queued while offline: 3 photos, 1 note".utf8)
try fileContents.write(to: file)
let source = UploadSource(fileURL: file, uploadID: "upload-42")
var request = bridged
request.httpMethod = "POST"
request.httpBody = fileContents
request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
request[property: RequestKeys.uploadSource] = source
report.note("request[property: .uploadSource] = \(source.uploadID) → \(file.lastPathComponent)")
report.check(request[property: RequestKeys.uploadSource] == source, "the typed property reads back at once")
let copied = (request as NSURLRequest).copy() as! NSURLRequest as URLRequest
report.check(copied[property: RequestKeys.uploadSource] == source, "and after a copy through NSURLRequest")

report.step("Send it through URLConnection, with UploadAuditProtocol registered")
URLConnection.registerProtocolClass(UploadAuditProtocol.self)
let delegate = UploadDelegate()
_ = URLConnection(request: request, delegate: delegate)
while !delegate.isDone {
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
}
report.check(delegate.error == nil && delegate.statusCode == 200, "uploaded: HTTP 200")
report.check(delegate.echoedBody == fileContents, "the server received the file's bytes")

report.step("What the URLProtocol read")
let audit = UploadAuditProtocol.audits.all.first
report.check(audit?.canInitSaw == source, "canInit(with:) read the upload source")
report.check(audit?.startLoadingSaw == source, "startLoading read the upload source")
report.note("legacy idiom inside the protocol: \(audit?.legacyPropertySeen.map { "\"\($0)\"" } ?? "nil")")

report.step("What the delegate read")
report.check(delegate.sourceAtResponse == source, "didReceive response: originalRequest carries it")
report.check(delegate.sourceAtFinish == source, "connectionDidFinishLoading: originalRequest carries it")
report.check(delegate.currentRequestSource == source, "and so does currentRequest")
report.check(!FileManager.default.fileExists(atPath: file.path), "the delegate deleted the uploaded file")
report.note("legacy idiom in the delegate: \(delegate.legacyPropertyAtFinish.map { "\"\($0)\"" } ?? "nil")")

report.step("What the server saw")
let received = server.requests.last
let headerText = received?.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") ?? ""
report.note(headerText.replacingOccurrences(of: "\n", with: " | "))
report.check(received != nil && !headerText.contains("x-request-properties") && !(received?.target.contains("x-request-properties") ?? true),
             "nothing of the properties reached the server")

URLConnection.unregisterProtocolClass(UploadAuditProtocol.self)
server.stop()
report.finish()
