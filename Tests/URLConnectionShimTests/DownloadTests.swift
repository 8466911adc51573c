import Foundation
import XCTest
import LoopbackHTTPServer
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C27: a download delegate gets the body as a file.
final class DownloadTests: ShimTestCase {
    final class FileCollector: NSObject, URLConnectionDownloadDelegate, @unchecked Sendable {
        // Sendable: written on the delivery target, read after `done` is fulfilled.
        var progress: [Int64] = []
        var contents: Data?
        var fileExistedDuringCall = false
        var error: Error?
        let done = XCTestExpectation(description: "download ended")

        func connection(_ connection: URLConnection, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64) {
            progress.append(totalBytesWritten)
        }

        func connectionDidFinishDownloading(_ connection: URLConnection, destinationURL: URL) {
            fileExistedDuringCall = FileManager.default.fileExists(atPath: destinationURL.path)
            contents = try? Data(contentsOf: destinationURL)
            done.fulfill()
        }

        func connection(_ connection: URLConnection, didFailWithError error: Error) {
            self.error = error
            done.fulfill()
        }
    }

    func test_c27_downloadDelegateGetsProgressThenFile() {
        for mode in DeliveryMode.allCases {
            let collector = FileCollector()
            let connection = URLConnection(request: request("/bytes/300000"), delegate: collector, startImmediately: false)!
            let expectation = mode.apply(to: connection)
            connection.start()
            wait(for: [collector.done], timeout: 10)
            expectation.finish()
            XCTAssertNil(collector.error, "\(mode)")
            XCTAssertTrue(collector.fileExistedDuringCall, "\(mode)")
            XCTAssertEqual(collector.contents, LoopbackServer.patternBytes(count: 300_000), "\(mode)")
            XCTAssertEqual(collector.progress.last, 300_000, "\(mode)")
        }
    }

    func test_c27_c12b_downloadFollowsARedirectAndGetsOnlyTheFinalBody() {
        let collector = download(request("/redirect-to?url=/bytes/5000"))
        XCTAssertNil(collector.error)
        XCTAssertEqual(collector.contents, LoopbackServer.patternBytes(count: 5000))
        XCTAssertEqual(collector.progress.last, 5000)
        XCTAssertEqual(collector.progress, collector.progress.sorted(), "progress of the redirect's body was reported")
    }

    func test_c27_downloadFailureIsReported() {
        let collector = download(request("/drop/100000/100"))
        XCTAssertEqual((collector.error as NSError?)?.code, NSURLErrorNetworkConnectionLost)
    }
}

extension ShimTestCase {
    /// Downloads `request` on a delegate queue and returns what the download delegate got.
    func download(_ request: URLRequest) -> DownloadTests.FileCollector {
        let collector = DownloadTests.FileCollector()
        let connection = URLConnection(request: request, delegate: collector, startImmediately: false)!
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        wait(for: [collector.done], timeout: 10)
        return collector
    }
}
