import Foundation
import XCTest
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C28: typed request properties round-trip through copies, URLProtocols and connections, and
/// never reach the server.
final class RequestPropertyTests: ShimTestCase {
    struct UploadFile: Codable, Equatable, Sendable {
        var name: String
        var bytes: Int
    }

    static let uploadFile = RequestPropertyKey<UploadFile>("upload-file")
    static let handled = RequestPropertyKey<Bool>("handled")

    func test_c28_propertiesSurviveCopiesAndBridging() {
        var request = URLRequest(url: URL(string: "http://127.0.0.1/upload")!)
        request[property: Self.uploadFile] = UploadFile(name: "photo.jpg", bytes: 1024)
        request[property: Self.handled] = true
        let bridged = (request as NSURLRequest).copy() as! NSURLRequest
        let copy = bridged as URLRequest
        XCTAssertEqual(copy[property: Self.uploadFile], UploadFile(name: "photo.jpg", bytes: 1024))
        XCTAssertEqual(copy[property: Self.handled], true)
        var cleared = copy
        cleared[property: Self.handled] = nil
        XCTAssertNil(cleared[property: Self.handled])
        XCTAssertNotNil(cleared[property: Self.uploadFile])
        XCTAssertNil(copy.removingProperties()[property: Self.uploadFile])
    }

    func test_c28_propertiesReachURLProtocolAndDelegateButNotTheServer() {
        PropertyReadingProtocol.seen.withLock { $0 = [] }
        URLConnection.registerProtocolClass(PropertyReadingProtocol.self)
        defer { URLConnection.unregisterProtocolClass(PropertyReadingProtocol.self) }
        for mode in DeliveryMode.allCases {
            var upload = request("/headers")
            upload[property: Self.uploadFile] = UploadFile(name: "report-\(mode).pdf", bytes: 42)
            let connection = URLConnection(request: upload, delegate: nil, startImmediately: false)!
            XCTAssertEqual(connection.originalRequest[property: Self.uploadFile]?.name, "report-\(mode).pdf")
            XCTAssertEqual(connection.currentRequest[property: Self.uploadFile]?.name, "report-\(mode).pdf")
            let recorder = run(upload, mode: mode)
            XCTAssertTrue(PropertyReadingProtocol.seen.withLock { $0 }.contains("report-\(mode).pdf"), "\(mode)")
            let headersSeenByServer = String(decoding: recorder.body, as: UTF8.self).lowercased()
            XCTAssertFalse(headersSeenByServer.contains("report-"), headersSeenByServer)
            XCTAssertFalse(headersSeenByServer.contains("x-request-properties"), headersSeenByServer)
        }
    }

    #if canImport(FoundationNetworking)
    /// The Linux fact C28 exists for: `URLProtocol.setProperty` does not survive bridging. If a
    /// toolchain fixes it, this fails and Docs/Linux.md must change.
    func test_c28_linuxFoundationDropsURLProtocolPropertiesOnBridging() {
        let mutable = NSMutableURLRequest(url: URL(string: "http://127.0.0.1/")!)
        URLProtocol.setProperty(true, forKey: "handled", in: mutable)
        XCTAssertNil(URLProtocol.property(forKey: "handled", in: mutable as URLRequest), "fixed upstream? update Docs/Linux.md")
    }
    #endif
}

/// Reads the upload-file property in `canInit` and forwards nothing: it claims no request, so the
/// load continues to the server, which must not see the property.
final class PropertyReadingProtocol: URLProtocol {
    static let seen = LockedNames()

    override class func canInit(with request: URLRequest) -> Bool {
        if let file = request[property: RequestPropertyTests.uploadFile] {
            seen.withLock { $0.append(file.name) }
        }
        return false
    }
}

/// A list of names shared between URLProtocol callbacks and the test.
final class LockedNames: @unchecked Sendable {
    // Sendable: `names` is guarded by `lock`.
    private let lock = NSLock()
    private var names: [String] = []
    func withLock<T>(_ body: (inout [String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&names)
    }
}
