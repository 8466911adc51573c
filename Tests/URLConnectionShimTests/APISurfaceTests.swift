import Foundation
import XCTest
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C1: every initialiser, property, method and class method of NSURLConnection's Swift API is
/// present under the same name and shape; every delegate method but the download finish is optional.
final class APISurfaceTests: ShimTestCase {
    final class DataOnlyDelegate: NSObject, URLConnectionDataDelegate {}
    final class DownloadDelegate: NSObject, URLConnectionDownloadDelegate {
        func connectionDidFinishDownloading(_ connection: URLConnection, destinationURL: URL) {}
    }

    func test_c1_apiSurfaceMatchesNSURLConnection() throws {
        let request = self.request("/status/200")
        let connection: URLConnection? = URLConnection(request: request, delegate: nil, startImmediately: false)
        let unwrapped = try XCTUnwrap(connection)
        XCTAssertEqual(unwrapped.originalRequest.url, request.url)
        XCTAssertEqual(unwrapped.currentRequest.url, request.url)
        unwrapped.schedule(in: .current, forMode: .default)
        unwrapped.unschedule(from: .current, forMode: .default)
        unwrapped.setDelegateQueue(nil)
        unwrapped.cancel()
        unwrapped.start()
        XCTAssertTrue(URLConnection.canHandle(request))

        let _: (URLRequest, UnsafeMutablePointer<URLResponse?>?) throws -> Data = URLConnection.sendSynchronousRequest(_:returning:)
        let _: (URLRequest, OperationQueue, @escaping @Sendable (URLResponse?, Data?, Error?) -> Void) -> Void =
            URLConnection.sendAsynchronousRequest(_:queue:completionHandler:)

        // Optional methods: adopting the protocols needs no method but the download finish.
        let dataDelegate = DataOnlyDelegate()
        XCTAssertEqual(dataDelegate.connection(unwrapped, willSend: request, redirectResponse: nil)?.url, request.url)
        XCTAssertTrue(dataDelegate.connectionShouldUseCredentialStorage(unwrapped))
        XCTAssertNil(dataDelegate.connection(unwrapped, needNewBodyStream: request))
        XCTAssertNotNil(URLConnection(request: request, delegate: DownloadDelegate(), startImmediately: false))
    }

    func test_c1_twoArgumentInitializerIsConvenienceOverStartImmediately() {
        let recorder = ConnectionRecorder()
        let connection = URLConnection(request: request("/status/204"), delegate: recorder)
        XCTAssertNotNil(connection)
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertEqual(recorder.milestones.last, .finish)
    }
}
