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
        var filePermissions: Int?
        var file: URL?
        /// Cancels the connection at the first progress report.
        var cancelsAtFirstProgress = false
        /// Answers a challenge with this credential, or goes on without one.
        var credential: URLCredential?
        var error: Error?
        let done = XCTestExpectation(description: "download ended")

        func connection(_ connection: URLConnection, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64) {
            progress.append(totalBytesWritten)
            if cancelsAtFirstProgress {
                connection.cancel()
                done.fulfill()
            }
        }

        func connectionDidFinishDownloading(_ connection: URLConnection, destinationURL: URL) {
            fileExistedDuringCall = FileManager.default.fileExists(atPath: destinationURL.path)
            file = destinationURL
            filePermissions = (try? FileManager.default.attributesOfItem(atPath: destinationURL.path))?[.posixPermissions] as? Int
            contents = try? Data(contentsOf: destinationURL)
            done.fulfill()
        }

        func connection(_ connection: URLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
            if let credential, challenge.previousFailureCount == 0 {
                challenge.sender?.use(credential, for: challenge)
            } else {
                challenge.sender?.continueWithoutCredential(for: challenge)
            }
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

    /// Linux's download task left the part of the body that arrived in the temporary directory,
    /// readable by everyone, for each failed download.
    func test_c27_aFailedDownloadLeavesNothingBehind() throws {
        let before = try temporaryFiles()
        let collector = download(request("/drop/100000/1000"))
        XCTAssertEqual((collector.error as NSError?)?.code, NSURLErrorNetworkConnectionLost)
        XCTAssertEqual(try filesHoldingThePattern(among: try temporaryFiles().subtracting(before)), [])
    }

    func test_c27_aCancelledDownloadLeavesNothingBehind() throws {
        let before = try temporaryFiles()
        let collector = DownloadTests.FileCollector()
        collector.cancelsAtFirstProgress = true
        download(request("/chunked/100000?chunk=1000&delay_ms=20"), to: collector)
        // The cancelled task's completion, which deletes its file, follows the cancel at once; a
        // second load through the same session queue comes after it.
        download(request("/bytes/10"))
        XCTAssertEqual(try filesHoldingThePattern(among: try temporaryFiles().subtracting(before)), [])
    }

    func test_c27_theFileIsTheOwnersAndGoneAfterTheCall() throws {
        let collector = download(request("/bytes/2000"))
        XCTAssertNil(collector.error)
        XCTAssertEqual(collector.contents, LoopbackServer.patternBytes(count: 2000))
        XCTAssertEqual(collector.filePermissions, 0o600)
        let file = try XCTUnwrap(collector.file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    /// The body of the final response is the file, as for a data delegate (C14, C14b): the 401's
    /// body when the load goes on without a credential, only the next response's with one.
    func test_c27_c14_aChallengedDownloadGetsTheFinalResponsesBody() throws {
        for (credential, body) in [(nil, "unauthorized"), (URLCredential(user: "ada", password: "lovelace", persistence: .none), "authenticated ada")] {
            let collector = DownloadTests.FileCollector()
            collector.credential = credential
            download(request("/basic-auth/ada/lovelace"), to: collector)
            XCTAssertNil(collector.error, body)
            XCTAssertEqual(collector.contents.map { String(decoding: $0, as: UTF8.self) }, body)
            XCTAssertEqual(collector.progress.last, Int64(body.utf8.count), body)
        }
    }

    /// A file that cannot be written (a full disk; here the process's file-size limit) fails the
    /// download with -3003 and is deleted; the session's next load runs as usual. The shim's
    /// cancellation of the task once waited for the thread it was called on, which hung the session.
    func test_c27_aDownloadThatCannotBeWrittenFailsAndTheSessionGoesOn() throws {
        let before = try temporaryFiles()
        let failed = DownloadTests.FileCollector()
        try withFileSizeLimit(100_000) {
            download(request("/bytes/300000"), to: failed)
        }
        XCTAssertEqual((failed.error as NSError?)?.code, NSURLErrorCannotWriteToFile)
        XCTAssertLessThanOrEqual(failed.progress.last ?? 0, 100_000)
        let next = download(request("/bytes/1000"))
        XCTAssertNil(next.error)
        XCTAssertEqual(next.contents, LoopbackServer.patternBytes(count: 1000))
        XCTAssertEqual(try filesHoldingThePattern(among: try temporaryFiles().subtracting(before)), [])
    }

    /// A download's body goes to its file only: the URL cache does not keep it, and the same URL
    /// loaded next comes from the server.
    func test_c27_aDownloadIsNotCached() {
        URLCache.shared.removeAllCachedResponses()
        XCTAssertEqual(download(request("/cache/60")).contents.map { String(decoding: $0, as: UTF8.self) }, "cached 1")
        XCTAssertEqual(download(request("/cache/60")).contents.map { String(decoding: $0, as: UTF8.self) }, "cached 2")
        XCTAssertEqual(server.requests.count, 2)
    }

    /// Runs `body` with regular files limited to `bytes` (SIGXFSZ ignored, so a write past it fails
    /// with EFBIG instead of ending the process), then restores both.
    private func withFileSizeLimit(_ bytes: UInt64, _ body: () -> Void) throws {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        #else
        let resource = RLIMIT_FSIZE
        #endif
        var saved = rlimit()
        XCTAssertEqual(getrlimit(resource, &saved), 0)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = rlim_t(bytes)
        XCTAssertEqual(setrlimit(resource, &limited), 0)
        defer {
            setrlimit(resource, &saved)
            signal(SIGXFSZ, previousHandler)
        }
        body()
    }

    private func temporaryFiles() throws -> Set<URL> {
        Set(try FileManager.default.contentsOfDirectory(at: FileManager.default.temporaryDirectory, includingPropertiesForKeys: nil))
    }

    /// The files that start with the loopback server's body pattern: what a download left.
    private func filesHoldingThePattern(among files: Set<URL>) throws -> [URL] {
        files.filter { file in
            guard let data = try? Data(contentsOf: file), !data.isEmpty else { return false }
            return LoopbackServer.matchesPattern(data)
        }
    }
}

extension ShimTestCase {
    /// Downloads `request` on a delegate queue and returns what the download delegate (`collector`,
    /// or a new one) got.
    @discardableResult
    func download(_ request: URLRequest, to collector: DownloadTests.FileCollector = DownloadTests.FileCollector()) -> DownloadTests.FileCollector {
        let connection = URLConnection(request: request, delegate: collector, startImmediately: false)!
        let queue = OperationQueue()
        connection.setDelegateQueue(queue)
        connection.start()
        wait(for: [collector.done], timeout: 10)
        // The message that called the delegate has ended, and with it the deletion of its file.
        queue.waitUntilAllOperationsAreFinished()
        return collector
    }
}
