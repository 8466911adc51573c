import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Body bytes a connection's delegate has not taken yet, kept on disk instead of in memory
/// while waiting for the delegate would hold up other connections (C29).
///
/// The file is created in the temporary directory, readable by its owner only, and unlinked at
/// once, so nothing is left behind whatever happens to the process. Each piece is written at the
/// end (`append`, on the session's event thread) and read back once, in order, by the message
/// that delivers it (`read`, on the delivery target); once every piece written has been read,
/// the file is emptied and the next piece starts again at offset 0.
final class SpillFile: Sendable {
    private let descriptor: Int32
    /// Bytes written and bytes read back: the region between them is what the file holds.
    private let extent = Locked((written: 0, read: 0))

    /// Creates the file; fails with -3000 (cannot create file).
    init() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("URLConnectionShim-spill-XXXXXX").path
        var path = Array(template.utf8CString)
        let descriptor = mkstemp(&path)
        guard descriptor >= 0 else {
            throw URLError(.cannotCreateFile, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes `data` after every piece written before it and returns where it starts; fails with
    /// -3003 (cannot write to file), as a full disk would make NSURLConnection's download fail.
    func append(_ data: Data) throws -> Int {
        try extent.withLock { extent in
            let offset = extent.written
            var done = 0
            while done < data.count {
                let count = data.withUnsafeBytes { bytes in
                    pwrite(descriptor, bytes.baseAddress! + done, data.count - done, off_t(offset + done))
                }
                guard count > 0 else { throw Self.failure(.cannotWriteToFile) }
                done += count
            }
            extent.written += data.count
            return offset
        }
    }

    /// Reads back the `count` bytes written at `offset`; fails with -3003.
    func read(at offset: Int, count: Int) throws -> Data {
        var data = Data(count: count)
        var done = 0
        while done < count {
            let read = data.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + done, count - done, off_t(offset + done))
            }
            guard read > 0 else { throw Self.failure(.cannotWriteToFile) }
            done += read
        }
        extent.withLock { extent in
            extent.read += count
            if extent.read == extent.written {
                extent = (0, 0)
                _ = ftruncate(descriptor, 0)
            }
        }
        return data
    }

    private static func failure(_ code: URLError.Code) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
    }
}
