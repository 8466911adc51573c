import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response kept for offline use: what the legacy protocol stored in Core Data (data, URL, MIME type,
/// text encoding, timestamp), plus the status and headers needed to rebuild an HTTP response.
struct StoredResponse: Codable, Sendable {
    let url: URL
    let statusCode: Int
    let headers: [String: String]
    let mimeType: String?
    let textEncodingName: String?
    let storedAt: Date
}

/// A file-based response store: for each URL a JSON file with the metadata and a file with
/// the body, in one directory. Safe to use from any thread: every entry is written atomically.
struct ResponseStore: Sendable {
    let directory: URL

    init(directory: URL) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The stored response and body for `url`, or nil if none (or unreadable).
    func entry(for url: URL) -> (StoredResponse, Data)? {
        let (metadataFile, bodyFile) = files(for: url)
        guard let metadata = try? Data(contentsOf: metadataFile),
              let stored = try? JSONDecoder().decode(StoredResponse.self, from: metadata),
              let body = try? Data(contentsOf: bodyFile)
        else { return nil }
        return (stored, body)
    }

    /// Stores `response` and `body` for the response's request URL, replacing any entry.
    func save(_ response: HTTPURLResponse, body: Data, for url: URL) throws {
        let stored = StoredResponse(
            url: url,
            statusCode: response.statusCode,
            headers: response.allHeaderFields as? [String: String] ?? [:],
            mimeType: response.mimeType,
            textEncodingName: response.textEncodingName,
            storedAt: Date()
        )
        let (metadataFile, bodyFile) = files(for: url)
        // Body first: an entry is only found once its metadata exists.
        try body.write(to: bodyFile, options: .atomic)
        try JSONEncoder().encode(stored).write(to: metadataFile, options: .atomic)
    }

    /// The entry's two files; the name is the URL in file-name-safe base64, so it is unique.
    private func files(for url: URL) -> (metadata: URL, body: URL) {
        let name = Data(url.absoluteString.utf8).base64EncodedString()
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "+", with: "-")
        return (directory.appendingPathComponent(name + ".json"), directory.appendingPathComponent(name + ".body"))
    }
}
