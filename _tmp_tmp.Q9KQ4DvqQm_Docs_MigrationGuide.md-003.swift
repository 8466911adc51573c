// Docs/MigrationGuide.md block 3
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func loadFeed(from url: URL) async throws -> Data {
    let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
    guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
        throw URLError(.badServerResponse)
    }
    return data
}
