// CachingProtocol: an offline cache as a URLProtocol. The first load comes from the server and
// is stored (response, data, MIME type, encoding, time) in files; the second is served from
// the store with the server stopped.
import Foundation
import SampleSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackHTTPServer
import URLConnectionShim

let report = SampleReport("CachingProtocol — an offline response store as a URLProtocol")
let article = "<html><body><h1>Caf\u{E9} menu</h1><p>Today: cr\u{EA}pes.</p></body></html>"
let server = try LoopbackServer(routes: [
    "/article": Route { _ in
        ScriptedResponse(headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(article.utf8))
    },
])
let articleURL = server.url("/article")
let store = OfflineCacheProtocol.store

/// Loads `url` through the shim, as legacy call sites did.
func load(_ url: URL) -> (HTTPURLResponse?, Data?, NSError?) {
    var response: URLResponse?
    do {
        let data = try URLConnection.sendSynchronousRequest(URLRequest(url: url, timeoutInterval: 5), returning: &response)
        return (response as? HTTPURLResponse, data, nil)
    } catch {
        return (response as? HTTPURLResponse, nil, error as NSError)
    }
}

report.step("Register the protocol for the shim's traffic")
report.check(URLConnection.registerProtocolClass(OfflineCacheProtocol.self), "URLConnection.registerProtocolClass(OfflineCacheProtocol.self)")
report.note("store: \(store.directory.path)")

report.step("Online: GET /article comes from the server and is stored")
let (online, onlineBody, onlineError) = load(articleURL)
report.note("HTTP \(online?.statusCode ?? 0), \(onlineBody?.count ?? 0) bytes, from cache: \(online?.value(forHTTPHeaderField: "X-Offline-Cache") ?? "no")")
report.check(onlineError == nil && onlineBody == Data(article.utf8), "the article arrived")
report.check(server.requests.count == 1, "the server was asked once")
if let (stored, storedBody) = store.entry(for: articleURL) {
    report.note("stored: \(stored.url.path), \(stored.statusCode), MIME \(stored.mimeType ?? "-"), encoding \(stored.textEncodingName ?? "-"), \(storedBody.count) bytes at \(stored.storedAt)")
    report.check(stored.mimeType == "text/html" && stored.textEncodingName == "utf-8", "MIME type and encoding stored")
} else {
    report.check(false, "the response was stored")
}
let storeFiles = (try? FileManager.default.contentsOfDirectory(atPath: store.directory.path)) ?? []
report.note("files: \(storeFiles.sorted().joined(separator: ", "))")

report.step("Offline: server.stop(), then GET /article again")
server.stop()
let (offline, offlineBody, offlineError) = load(articleURL)
report.note("HTTP \(offline?.statusCode ?? 0), \(offlineBody?.count ?? 0) bytes, from cache: \(offline?.value(forHTTPHeaderField: "X-Offline-Cache") ?? "no")")
report.check(offlineError == nil && offlineBody == Data(article.utf8), "the same article, served from the store")
report.check(offline?.mimeType == "text/html" && offline?.textEncodingName == "utf-8", "with its MIME type and encoding")
report.check(offline?.value(forHTTPHeaderField: "X-Offline-Cache") != nil, "marked as served by the store")
report.note("body: \(String(decoding: offlineBody ?? Data(), as: UTF8.self))")

report.step("Offline: a URL never stored fails as a real offline load does")
let (_, _, missError) = load(server.url("/never-loaded"))
report.note("error \(missError?.code ?? 0): \(missError?.localizedDescription ?? "none")")
report.check(missError?.code == NSURLErrorCannotConnectToHost, "-1004, could not connect (the server is gone)")

URLConnection.unregisterProtocolClass(OfflineCacheProtocol.self)
try? FileManager.default.removeItem(at: store.directory)
report.finish()
