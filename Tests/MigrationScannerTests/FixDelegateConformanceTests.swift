import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// A class that adopts only the base protocol, or none, and implements data,
/// download, redirect or auth methods is reported (`delegate-missing-conformance`) and `--fix`
/// adopts the shim protocol that declares them, so the shim calls them.
final class FixDelegateConformanceTests: XCTestCase {
    private func fixed(_ source: String) -> String {
        String(decoding: SwiftShimEmitter().fix(Array(source.utf8)), as: UTF8.self)
    }

    private func findings(_ source: String) -> [Finding] {
        SourceScanner(ruleIDs: ["delegate-missing-conformance"]).scan(Array(source.utf8), language: .swift, path: "A.swift")
    }

    private let baseOnly = """
        import URLConnectionShim
        class Loader: NSObject, NSURLConnectionDelegate {
            func connection(_ connection: URLConnection, didReceive data: Data) { }
        }

        """

    func testBaseProtocolOnlyIsReportedAndTheFixAdoptsTheDataProtocol() throws {
        let finding = try XCTUnwrap(findings(baseOnly).first)
        XCTAssertEqual(finding.line, 2)
        XCTAssertEqual(finding.column, 7)
        XCTAssertEqual(finding.message, "Loader implements connection:didReceiveData: without adopting URLConnectionDataDelegate: "
            + "URLConnectionShim calls it only through that protocol, where NSURLConnection found it at run time; "
            + "adopt URLConnectionDataDelegate")
        let result = fixed(baseOnly)
        XCTAssertEqual(result, baseOnly.replacingOccurrences(of: "NSURLConnectionDelegate", with: "URLConnectionDataDelegate"))
        XCTAssertEqual(findings(result), [], "a re-scan after the fix is clean only because the class now adopts the protocol")
    }

    func testNoProtocolClassAdoptsTheProtocolAfterItsSuperclass() {
        let source = """
            class Loader: NSObject /* 2014 */ {
                func connectionDidFinishLoading(connection: NSURLConnection!) { }
            }
            """
        XCTAssertEqual(findings(source).count, 1)
        XCTAssertEqual(fixed(source), """
            import URLConnectionShim

            class Loader: NSObject, URLConnectionDataDelegate /* 2014 */ {
                func connectionDidFinishLoading(_ connection: URLConnection) { }
            }
            """)
    }

    func testClassWithoutInheritanceAndMethodsInAnExtension() {
        let source = """
            final class Loader<T> where T: Any {
                func start(_ r: URLRequest) { _ = URLConnection(request: r, delegate: self) }
            }
            extension Loader {
                func connection(_ connection: URLConnection, didWriteData bytesWritten: Int64, totalBytesWritten: Int64, expectedTotalBytes: Int64) { }
            }
            """
        XCTAssertTrue(fixed(source).contains("extension Loader: URLConnectionDownloadDelegate {"), fixed(source))
    }

    func testPublicClassesGetPublicDelegateMethods() {
        let source = """
            public class Loader: NSObject {
                func connectionDidFinishLoading(connection: NSURLConnection!) { }
                private func connection(connection: NSURLConnection!, didReceiveData data: NSData!) { }
            }
            """
        XCTAssertEqual(fixed(source), """
            import URLConnectionShim

            public class Loader: NSObject, URLConnectionDataDelegate {
                public func connectionDidFinishLoading(_ connection: URLConnection) { }
                private func connection(_ connection: URLConnection, didReceive data: Data) { }
            }
            """)
        let internalClass = "class L: NSObject, NSURLConnectionDataDelegate {\n    func connectionDidFinishLoading(_ c: NSURLConnection) { }\n}\n"
        XCTAssertFalse(fixed(internalClass).contains("public"))
    }

    func testAuthOnlyDelegateNeedsTheBaseProtocol() {
        let source = "class Auth: NSObject {\n    func connection(_ c: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) { }\n}\n"
        XCTAssertTrue(fixed(source).contains("class Auth: NSObject, URLConnectionDelegate {"), fixed(source))
    }

    func testInheritedConformanceAndUnknownSuperclasses() {
        let inherited = """
            class Base: NSObject, NSURLConnectionDataDelegate { }
            class Loader: Base {
                func connectionDidFinishLoading(_ connection: URLConnection) { }
            }
            """
        XCTAssertEqual(findings(inherited), [])
        let unknown = "class Loader: RemoteBase {\n    func connectionDidFinishLoading(_ connection: NSURLConnection) { }\n}\n"
        XCTAssertEqual(findings(unknown).map(\.message).first?.contains("(unless RemoteBase adopts it)"), true)
        XCTAssertFalse(fixed(unknown).contains("URLConnectionDataDelegate"), "a superclass declared elsewhere may adopt it already")
        let calledDirectly = "class W {\n    func connectionDidFinishLoading(_ connection: URLConnection) { }\n}\n"
        XCTAssertEqual(findings(calledDirectly), [], "no sign that W is ever a connection's delegate")
        let socket = "class S: NSObject {\n    func connection(_ socket: Socket, didReceiveData data: NSData) { }\n}\n"
        XCTAssertEqual(findings(socket), [])
    }
}
