import Foundation
import XCTest
import Locking
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C33: a certificate the client does not trust fails the load with NSURLConnection's code
/// for it, from the -1200 family, not -1 ("unknown").
final class TLSFailureTests: XCTestCase {
    private func load(_ certificate: TLSTestServer.Certificate, file: StaticString = #filePath, line: UInt = #line) throws -> NSError? {
        let server = try TLSTestServer(certificate)
        defer { server.stop() }
        let recorder = ConnectionRecorder()
        let connection = try XCTUnwrap(URLConnection(request: URLRequest(url: server.url("/"), timeoutInterval: 10), delegate: recorder, startImmediately: false))
        connection.setDelegateQueue(OperationQueue())
        connection.start()
        wait(for: [recorder.ended], timeout: 10)
        XCTAssertEqual(recorder.error?.userInfo[NSURLErrorFailingURLErrorKey] as? URL, server.url("/"), file: file, line: line)
        return recorder.error
    }

    func test_c33_aSelfSignedCertificateIsUntrusted() throws {
        let error = try load(.selfSigned(subjectAltName: "IP:127.0.0.1"))
        XCTAssertEqual(error?.code, URLError.Code.serverCertificateUntrusted.rawValue, "\(String(describing: error))")
        XCTAssertTrue(error?.localizedDescription.hasPrefix("The certificate for this server is invalid") ?? false)
    }

    func test_c33_aCertificateFromAnUnknownAuthorityIsUntrusted() throws {
        let error = try load(.issuedByAnUnknownAuthority)
        XCTAssertEqual(error?.code, URLError.Code.serverCertificateUntrusted.rawValue, "\(String(describing: error))")
    }

    func test_c33_aCertificateForAnotherHostIsUntrusted() throws {
        let error = try load(.selfSigned(subjectAltName: "DNS:example.com"))
        XCTAssertEqual(error?.code, URLError.Code.serverCertificateUntrusted.rawValue, "\(String(describing: error))")
    }

    func test_c33_anExpiredCertificateFails() throws {
        let error = try load(.expired)
        XCTAssertTrue(
            [URLError.Code.serverCertificateUntrusted.rawValue, URLError.Code.serverCertificateHasBadDate.rawValue].contains(error?.code),
            "\(String(describing: error))")
    }

    /// libcurl's wording for the failures a test server cannot show (a trusted certificate that
    /// has expired, is not yet valid, or names another host), as libcurl 7.x and 8.x with OpenSSL
    /// print them.
    func test_c33_libcurlsCertificateWordingMapsToTheClassicCodes() {
        let cases: [(String, URLError.Code)] = [
            ("SSL certificate problem: certificate has expired", .serverCertificateHasBadDate),
            ("SSL certificate problem: certificate is not yet valid", .serverCertificateNotYetValid),
            ("SSL: no alternative certificate subject name matches target host name 'example.com'", .serverCertificateUntrusted),
            ("SSL: certificate subject name 'a.test' does not match target host name 'b.test'", .serverCertificateUntrusted),
            ("SSL certificate problem: self-signed certificate", .serverCertificateUntrusted),
            ("SSL certificate problem: unable to get local issuer certificate", .serverCertificateUntrusted),
            ("SSL peer certificate or SSH remote key was not OK", .serverCertificateUntrusted),
            ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:443", .secureConnectionFailed),
            ("error:0A00010B:SSL routines::wrong version number", .secureConnectionFailed),
        ]
        let url = URL(string: "https://127.0.0.1/")!
        for (wording, code) in cases {
            let reported = NSError(domain: NSURLErrorDomain, code: NSURLErrorUnknown, userInfo: [NSLocalizedDescriptionKey: wording])
            let error = ConnectionError.normalize(reported, failingURL: url)
            XCTAssertEqual(error.code, code.rawValue, wording)
            XCTAssertTrue(error.localizedDescription.contains("(libcurl: \(wording))"), error.localizedDescription)
        }
    }

    #if canImport(FoundationNetworking)
    /// Linux's `NSURLError…` constants of the -1200 family are one lower than Apple's, while
    /// `URLError.Code`'s raw values are Apple's: code that compares `error.code` with
    /// `NSURLErrorServerCertificateUntrusted` expects -1203 on Linux.
    func test_linux_certificateErrorConstantsAreOneLowerThanApples() {
        XCTAssertEqual(
            [NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateUntrusted,
             NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid],
            [-1201, -1202, -1203, -1204, -1205])
        XCTAssertEqual(
            [URLError.Code.secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid].map(\.rawValue),
            [-1200, -1201, -1202, -1203, -1204])
    }

    /// Raw URLSession reports an untrusted certificate as -1 with libcurl's words, and never
    /// offers its delegate a server-trust challenge.
    func test_linux_anUntrustedCertificateIsAnUnknownErrorWithoutAChallenge() throws {
        let server = try TLSTestServer(.selfSigned(subjectAltName: "IP:127.0.0.1"))
        defer { server.stop() }
        let delegate = ChallengeCounter()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: server.url("/")).resume()
        XCTAssertEqual(delegate.completed.wait(timeout: .now() + 10), .success)
        let error = delegate.error.withLock { $0 }
        XCTAssertEqual(error?.code, NSURLErrorUnknown)
        XCTAssertTrue(error?.localizedDescription.contains("SSL certificate problem") ?? false, "\(String(describing: error))")
        XCTAssertEqual(delegate.challenges.withLock { $0 }, 0)
    }
    #endif
}

#if canImport(FoundationNetworking)
private final class ChallengeCounter: NSObject, URLSessionTaskDelegate, Sendable {
    let challenges = Locked(0)
    let error = Locked<NSError?>(nil)
    let completed = DispatchSemaphore(value: 0)

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        challenges.withLock { $0 += 1 }
        completionHandler(.performDefaultHandling, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        self.error.withLock { $0 = error as NSError? }
        completed.signal()
    }
}
#endif
