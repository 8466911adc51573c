import Foundation

/// Messages for a connection that delivers its body as a file, which the shim writes in the
/// temporary directory, readable by its owner only, and deletes when the load fails or once
/// `connectionDidFinishDownloading(_:destinationURL:)` returns.
///
/// A delegate that adopts this protocol gets `connection(_:didWriteData:totalBytesWritten:expectedTotalBytes:)`
/// progress, then `connectionDidFinishDownloading(_:destinationURL:)` — or
/// `connection(_:didFailWithError:)`. Messages are sent on the connection's delegate queue or a
/// run loop it is scheduled in.
public protocol URLConnectionDownloadDelegate: URLConnectionDelegate {
    /// Download progress; `expectedTotalBytes` is 0 when the length is unknown.
    func connection(_ connection: URLConnection, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64)

    /// Present for source compatibility; URLSession resumes downloads through resume data instead.
    func connectionDidResumeDownloading(_ connection: URLConnection, totalBytesWritten: Int64, expectedTotalBytes: Int64)

    /// Sent once when the download has completed. The file at `destinationURL` exists for the
    /// duration of this call only: move or read it before returning. No message follows.
    func connectionDidFinishDownloading(_ connection: URLConnection, destinationURL: URL)
}

extension URLConnectionDownloadDelegate {
    /// Default: does nothing.
    public func connection(_ connection: URLConnection, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64) {}

    /// Default: does nothing.
    public func connectionDidResumeDownloading(_ connection: URLConnection, totalBytesWritten: Int64, expectedTotalBytes: Int64) {}
}
