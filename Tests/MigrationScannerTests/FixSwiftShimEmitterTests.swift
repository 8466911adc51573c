import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Issue 8, part 1: what `--fix` rewrites in a Swift file, and everything it must leave alone.
final class FixSwiftShimEmitterTests: XCTestCase {
    private func fixed(_ source: String) -> String {
        String(decoding: SwiftShimEmitter().fix(Array(source.utf8)), as: UTF8.self)
    }

    func testFixRenamesTypesAndProtocolsAndAddsTheImportAfterTheOtherImports() {
        let source = """
            import Foundation
            import UIKit

            class Loader: NSObject, NSURLConnectionDelegate, NSURLConnectionDataDelegate, NSURLConnectionDownloadDelegate {
                var connection: NSURLConnection?
                var last: NSHTTPURLResponse?
            }

            """
        XCTAssertEqual(fixed(source), """
            import Foundation
            import UIKit
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import URLConnectionShim

            class Loader: NSObject, URLConnectionDelegate, URLConnectionDataDelegate, URLConnectionDownloadDelegate {
                var connection: URLConnection?
                var last: HTTPURLResponse?
            }

            """)
    }

    func testFixRewritesSwift2DelegateSignaturesToTheShimsDeclarations() {
        let source = """
            import Foundation
            extension Loader: NSURLConnectionDataDelegate {
                func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) { }
                func connection(connection: NSURLConnection!, didReceiveData data: NSData!) { use(data) }
                func connectionDidFinishLoading(connection: NSURLConnection!) { }
                func connection(connection: NSURLConnection!, didFailWithError error: NSError!) { }
                func connection(connection: NSURLConnection, willSendRequest request: NSURLRequest, redirectResponse response: NSURLResponse?) -> NSURLRequest? { return request }
                func connectionShouldUseCredentialStorage(connection: NSURLConnection!) -> Bool { return false }
                func connection(connection: NSURLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int) { }
                func connection(connection: NSURLConnection, willCacheResponse cachedResponse: NSCachedURLResponse) -> NSCachedURLResponse? { return nil }
                func connection(connection: NSURLConnection, didReceiveAuthenticationChallenge challenge: NSURLAuthenticationChallenge) { }
                func connection(connection: NSURLConnection, canAuthenticateAgainstProtectionSpace space: NSURLProtectionSpace) -> Bool { return true }
                func connection(connection: NSURLConnection, needNewBodyStream request: NSURLRequest) -> NSInputStream? { return nil }
            }
            """
        XCTAssertEqual(fixed(source), """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import URLConnectionShim
            extension Loader: URLConnectionDataDelegate {
                func connection(_ connection: URLConnection, didReceive response: URLResponse) { }
                func connection(_ connection: URLConnection, didReceive data: Data) { let data: Data! = data; use(data) }
                func connectionDidFinishLoading(_ connection: URLConnection) { }
                func connection(_ connection: URLConnection, didFailWithError error: Error) { }
                func connection(_ connection: URLConnection, willSend request: URLRequest, redirectResponse response: URLResponse?) -> URLRequest? { return request }
                func connectionShouldUseCredentialStorage(_ connection: URLConnection) -> Bool { return false }
                func connection(_ connection: URLConnection, didSendBodyData bytesWritten: Int, totalBytesWritten: Int, totalBytesExpectedToWrite: Int) { }
                func connection(_ connection: URLConnection, willCacheResponse cachedResponse: CachedURLResponse) -> CachedURLResponse? { return nil }
                func connection(_ connection: URLConnection, didReceive challenge: URLAuthenticationChallenge) { }
                func connection(_ connection: URLConnection, canAuthenticateAgainstProtectionSpace space: URLProtectionSpace) -> Bool { return true }
                func connection(_ connection: URLConnection, needNewBodyStream request: URLRequest) -> InputStream? { return nil }
            }
            """)
    }

    func testFixKeepsFormattingOfSignaturesSplitOverLines() {
        let source = """
            import Foundation

            class A: NSObject, NSURLConnectionDataDelegate {
                @objc func connection(connection: NSURLConnection,   // the old name
                                      willSendRequest request: NSURLRequest,
                                      redirectResponse response: NSURLResponse?) -> NSURLRequest? {
                    request
                }
            }
            """
        XCTAssertEqual(fixed(source), """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import URLConnectionShim

            class A: NSObject, URLConnectionDataDelegate {
                @objc func connection(_ connection: URLConnection,   // the old name
                                      willSend request: URLRequest,
                                      redirectResponse response: URLResponse?) -> URLRequest? {
                    request
                }
            }
            """)
    }

    func testFixLeavesCommentsStringsAndLookalikeNamesAlone() {
        let source = """
            import URLConnectionShim
            // NSURLConnection in a comment
            /* func connection(connection: NSURLConnection!, didReceiveData data: NSData!) */
            let s = "NSURLConnection(request:delegate:)"
            let r = #"NSURLResponse"#
            struct NSURLConnectionStats {}
            let t = Legacy.NSURLConnection.self
            typealias NSURLProtocol = URLProtocol
            func connection(_ socket: Socket, didReceiveData data: NSData) { }
            let m = "\\(NSURLConnection.self)"
            """
        // `URLProtocol` (in the typealias) lives in FoundationNetworking on Linux.
        XCTAssertEqual(fixed(source), source
            .replacingOccurrences(of: "\\(NSURLConnection.self)", with: "\\(URLConnection.self)")
            .replacingOccurrences(of: "import URLConnectionShim\n", with: "import URLConnectionShim\n" + ImportPlacement.foundationNetworkingLines.map { $0 + "\n" }.joined()))
    }

    func testFixPutsTheImportAfterAConditionalImportBlock() {
        let source = """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            let c: NSURLConnection? = nil
            """
        XCTAssertEqual(fixed(source), """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import URLConnectionShim

            let c: URLConnection? = nil
            """)
    }

    func testFixAddsTheImportAtTheTopOfCodeWhenThereIsNoImport() {
        XCTAssertEqual(fixed("// header\nlet c: NSURLConnection? = nil\n"), "// header\nimport URLConnectionShim\n\nlet c: URLConnection? = nil\n")
    }

    func testFoundationNetworkingImportButNoShimImportForFoundationOnlyRenames() {
        XCTAssertEqual(fixed("import Foundation\nclass P: NSURLProtocol {}\n"),
                       "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nclass P: URLProtocol {}\n")
    }

    func testAppleEraFileGetsTheFoundationNetworkingImportBeforeTheShim() {
        let source = "import Foundation\n\nfunc load(_ r: NSURLRequest) { _ = NSURLConnection(request: r as URLRequest, delegate: nil) }\n"
        XCTAssertEqual(fixed(source), """
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            import URLConnectionShim

            func load(_ r: NSURLRequest) { _ = URLConnection(request: r as URLRequest, delegate: nil) }

            """)
    }

    func testBodiesKeepTheTypesTheyWereWrittenAgainst() {
        let source = """
            class A: NSObject, NSURLConnectionDataDelegate {
                func connection(connection: NSURLConnection?, didReceiveData data: NSData) {
                    connection?.cancel()
                    total += data.length
                }
                func connection(connection: NSURLConnection, didFailWithError error: NSError!) { log(error.code) }
            }
            """
        XCTAssertEqual(fixed(source), """
            import URLConnectionShim

            class A: NSObject, URLConnectionDataDelegate {
                func connection(_ connection: URLConnection, didReceive data: Data) {
                    let connection: URLConnection? = connection
                    connection?.cancel()
                    total += data.count
                }
                func connection(_ connection: URLConnection, didFailWithError error: Error) { let error: NSError! = error as NSError; log(error.code) }
            }
            """)
    }

    func testFixRewritesClassMethodSwift2Labels() {
        let source = """
            import URLConnectionShim
            let ok = NSURLConnection.canHandleRequest(request)
            let d = try NSURLConnection.sendSynchronousRequest(request, returningResponse: &response)
            """
        XCTAssertEqual(fixed(source), """
            import URLConnectionShim
            let ok = URLConnection.canHandle(request)
            let d = try URLConnection.sendSynchronousRequest(request, returning: &response)
            """)
    }

    func testFixIsIdempotent() throws {
        for url in try FixtureSources.legacyAppFiles() {
            let once = SwiftShimEmitter().fix(Array(try Data(contentsOf: url)))
            XCTAssertEqual(SwiftShimEmitter().edits(for: once), [], url.lastPathComponent)
        }
    }

    func testFixChangesNothingInModernCode() {
        let source = """
            import URLConnectionShim
            final class L: NSObject, URLConnectionDataDelegate {
                func connection(_ connection: URLConnection, didReceive response: URLResponse) { }
                func connection(_ connection: URLConnection, didReceive data: Data) { }
                func connectionDidFinishLoading(_ connection: URLConnection) { }
            }
            """
        XCTAssertEqual(SwiftShimEmitter().edits(for: Array(source.utf8)), [])
    }
}

/// The legacy sources of the plugin fixture package, shared by the fix tests.
enum FixtureSources {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(".fixtures")

    static var legacyAppDirectory: URL { fixtures.appendingPathComponent("PluginFixture/Sources/LegacyApp") }

    static func legacyAppFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: legacyAppDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
