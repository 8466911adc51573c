import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `totalBytesExpectedToWrite` NSURLConnection reported for an upload (C15).
///
/// Linux's URLSession reports 0 for a body stream, which means "no body"; NSURLConnection
/// reported the request's Content-Length, or -1 (unknown) without one.
enum UploadLength {
    /// NSURLSessionTransferSizeUnknown.
    static let unknown = -1

    static func expected(reported: Int64, for request: URLRequest) -> Int {
        guard reported <= 0, request.httpBodyStream != nil else { return Int(reported) }
        let declared = request.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return declared ?? unknown
    }
}
