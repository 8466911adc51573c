import Foundation
import Locking

/// A WebDAV server's tree, in memory, under `/dav/`: enough of RFC 4918 for the WebDAV clients of
/// the NSURLConnection era to run their own suites against (MKCOL, PUT, GET, HEAD, DELETE, COPY,
/// MOVE, and PROPFIND at depth 0 or 1). It lives as long as the server, so a suite's tests can
/// build on each other as they do against a real server.
final class WebDAVStore: Sendable {
    private struct Tree {
        var files: [String: Data] = [:]
        var collections: Set<String> = [""]
    }

    private let tree = Locked(Tree())

    /// The response for a request whose path starts `/dav`; `segments` are the path's segments
    /// after `dav`.
    func response(for request: RecordedRequest, segments: [String]) -> ScriptedResponse {
        let path = segments.filter { !$0.isEmpty }.joined(separator: "/")
        return tree.withLock { tree -> ScriptedResponse in
            switch request.method {
            case "MKCOL":
                guard tree.files[path] == nil, !tree.collections.contains(path) else { return .text("exists", status: 405) }
                tree.collections.insert(path)
                return ScriptedResponse(status: 201)
            case "PUT":
                tree.files[path] = request.body
                return ScriptedResponse(status: 201)
            case "GET", "HEAD":
                if let data = tree.files[path] { return ScriptedResponse(headers: ["Content-Type": "application/octet-stream"], body: data) }
                return tree.collections.contains(path) ? ScriptedResponse() : .text("not found", status: 404)
            case "DELETE":
                guard Self.exists(path, in: tree) else { return .text("not found", status: 404) }
                Self.remove(path, from: &tree)
                return ScriptedResponse(status: 204)
            case "COPY", "MOVE":
                guard Self.exists(path, in: tree) else { return .text("not found", status: 404) }
                guard let destination = request.header("Destination").flatMap(Self.treePath) else { return .text("no destination", status: 400) }
                Self.copy(path, to: destination, in: &tree)
                if request.method == "MOVE" { Self.remove(path, from: &tree) }
                return ScriptedResponse(status: 201)
            case "PROPFIND":
                guard Self.exists(path, in: tree) else { return .text("not found", status: 404) }
                return Self.multistatus(path, depth: request.header("Depth") == "0" ? 0 : 1, in: tree)
            default:
                return .text("method not allowed", status: 405)
            }
        }
    }

    private static func exists(_ path: String, in tree: Tree) -> Bool {
        tree.files[path] != nil || tree.collections.contains(path)
    }

    private static func isWithin(_ candidate: String, _ path: String) -> Bool {
        candidate == path || path.isEmpty || candidate.hasPrefix(path + "/")
    }

    private static func remove(_ path: String, from tree: inout Tree) {
        tree.files = tree.files.filter { !isWithin($0.key, path) }
        tree.collections = tree.collections.filter { $0.isEmpty || !isWithin($0, path) }
    }

    private static func copy(_ path: String, to destination: String, in tree: inout Tree) {
        let renamed = { (key: String) in destination + key.dropFirst(path.count) }
        for (key, data) in tree.files where isWithin(key, path) { tree.files[renamed(key)] = data }
        for key in tree.collections where isWithin(key, path) && !key.isEmpty { tree.collections.insert(renamed(key)) }
    }

    /// A Destination header's URL as a path in the tree, or nil if it is not under `/dav/`.
    private static func treePath(_ destination: String) -> String? {
        let path = URL(string: destination)?.path ?? destination
        let segments = path.split(separator: "/").map(String.init)
        guard segments.first == "dav" else { return nil }
        return segments.dropFirst().joined(separator: "/")
    }

    private static func multistatus(_ path: String, depth: Int, in tree: Tree) -> ScriptedResponse {
        let isChild = { (key: String) in
            key != path && isWithin(key, path) && !key.dropFirst(path.isEmpty ? 0 : path.count + 1).contains("/")
        }
        var entries = [path]
        if depth > 0 && tree.collections.contains(path) {
            entries += (tree.collections.filter(isChild) + tree.files.keys.filter(isChild)).sorted()
        }
        let responses = entries.map { key -> String in
            let collection = tree.collections.contains(key)
            let href = "/dav/" + key + (collection && !key.isEmpty ? "/" : "")
            let properties = collection
                ? "<resourcetype><collection/></resourcetype>"
                : "<resourcetype/><getcontentlength>\(tree.files[key]?.count ?? 0)</getcontentlength>"
                    + "<getcontenttype>application/octet-stream</getcontenttype>"
            return "<response><href>\(href)</href><propstat><prop>\(properties)"
                + "<creationdate>2013-01-01T00:00:00Z</creationdate><getlastmodified>2013-01-01T00:00:00Z</getlastmodified>"
                + "</prop><status>HTTP/1.1 200 OK</status></propstat></response>"
        }
        let body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><multistatus xmlns=\"DAV:\">" + responses.joined() + "</multistatus>"
        return ScriptedResponse(status: 207, headers: ["Content-Type": "application/xml; charset=utf-8"], body: Data(body.utf8))
    }
}
