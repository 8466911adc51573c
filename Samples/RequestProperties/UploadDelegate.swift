import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLConnectionShim

/// The connection delegate of an upload: it learns which file the upload belongs to from the
/// request itself (`connection.originalRequest`), as legacy code wanted for delegate-based
/// sessions, and deletes the temporary file once the server has it.
final class UploadDelegate: NSObject, URLConnectionDataDelegate {
    var sourceAtResponse: UploadSource?
    var sourceAtFinish: UploadSource?
    var currentRequestSource: UploadSource?
    var legacyPropertyAtFinish: String?
    var statusCode = 0
    var echoedBody = Data()
    var error: Error?
    var isDone = false

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {
        statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        sourceAtResponse = connection.originalRequest[property: RequestKeys.uploadSource]
        print("   → didReceive response: HTTP \(statusCode), upload \(sourceAtResponse?.uploadID ?? "unknown")")
    }

    func connection(_ connection: URLConnection, didReceive data: Data) {
        echoedBody.append(data)
    }

    func connectionDidFinishLoading(_ connection: URLConnection) {
        sourceAtFinish = connection.originalRequest[property: RequestKeys.uploadSource]
        currentRequestSource = connection.currentRequest[property: RequestKeys.uploadSource]
        legacyPropertyAtFinish = URLProtocol.property(forKey: RequestKeys.legacyUploadFile, in: connection.originalRequest) as? String
        if let file = sourceAtFinish?.fileURL {
            // The upload is done: the temporary file it came from is no longer needed.
            try? FileManager.default.removeItem(at: file)
            print("   → connectionDidFinishLoading: upload \(sourceAtFinish!.uploadID) done, deleted \(file.lastPathComponent)")
        }
        isDone = true
    }

    func connection(_ connection: URLConnection, didFailWithError error: Error) {
        self.error = error
        print("   → didFailWithError: \(error.localizedDescription)")
        isDone = true
    }
}
