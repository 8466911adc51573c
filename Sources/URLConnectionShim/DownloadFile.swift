import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The file a download delegate's body is written to, one per task, in the temporary directory,
/// readable by its owner only.
///
/// The shim writes it itself, from a data task, rather than using a download task: Linux's
/// URLSession leaves a download task's file (`<UUID>.tmp`, readable by everyone) in the temporary
/// directory when the task fails or is cancelled, so a server that drops connections would fill
/// the disk with partial bodies. Here the task's completion either hands the file to the delegate,
/// which deletes it once `connectionDidFinishDownloading` returns, or deletes it.
///
/// Written and closed on the session's event queue, which runs a task's events one at a time;
/// read and deleted on the delivery target after the task completed.
final class DownloadFile: @unchecked Sendable {
    // Sendable: touched by one thread at a time, as above; `URLConnection.state` hands it over.
    let url: URL
    private let handle: FileHandle
    /// The response's announced length, or 0 when unknown.
    private(set) var expectedByteCount: Int64 = 0
    private(set) var byteCount: Int64 = 0
    private var isOpen = true

    /// Creates an empty file; fails with -3000 (cannot create file).
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("URLConnectionShim-\(UUID().uuidString).download")
        let descriptor = url.withUnsafeFileSystemRepresentation { path in
            path.map { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) } ?? -1
        }
        guard descriptor >= 0 else {
            throw URLError(.cannotCreateFile, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Notes the length the response announces, for progress.
    func expect(_ response: URLResponse) {
        expectedByteCount = max(response.expectedContentLength, 0)
    }

    /// Appends `data`; fails with -3003 (cannot write to file), as NSURLConnection did.
    func append(_ data: Data) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw URLError(.cannotWriteToFile, userInfo: [NSUnderlyingErrorKey: error])
        }
        byteCount += Int64(data.count)
    }

    /// Closes the file, which stays for the delegate; fails with -3003 if the last bytes could not
    /// be written.
    func close() throws {
        isOpen = false
        do {
            try handle.close()
        } catch {
            throw URLError(.cannotWriteToFile, userInfo: [NSUnderlyingErrorKey: error])
        }
    }

    /// Closes the file if it is open, and deletes it.
    func discard() {
        if isOpen {
            isOpen = false
            try? handle.close()
        }
        try? FileManager.default.removeItem(at: url)
    }
}
