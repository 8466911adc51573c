import XCTest

@testable import MigrationScanner

/// A class and its superclass that both use connections move together or not at all: moved alone,
/// one would hand the other a task where it stores, creates or receives a connection (program-fuzz
/// found both halves: a subclass that creates the connections of a base holding the delegate
/// methods, and a base moved under a subclass that stayed).
final class FixSessionInheritanceTests: XCTestCase {
    private let swiftSource = """
        import Foundation

        class LoaderBase: NSObject, NSURLConnectionDataDelegate {
            var first: NSURLConnection?
            var events: [String] = []

            func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
                events.append("response")
            }

            func connectionDidFinishLoading(_ connection: NSURLConnection) {
                events.append("finish")
            }

            func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
                events.append("fail")
            }
        }

        class Loader: LoaderBase {
            func load(_ url: URL) {
                first = NSURLConnection(request: URLRequest(url: url), delegate: self, startImmediately: false)
                first?.start()
            }
        }

        """

    func testASubclassAndItsBaseThatBothUseConnectionsStayOnTheShimTogether() {
        let shim = String(decoding: SwiftShimEmitter().fix(Array(swiftSource.utf8)), as: UTF8.self)
        let (text, outcome) = fixedToURLSession(shim)
        XCTAssertEqual(text, shim, "neither class moves")
        let reason = "Loader inherits from LoaderBase, which uses connections: a class moves to URLSession only with its "
            + "whole delegate code, so both stay on URLConnectionShim"
        XCTAssertEqual(outcome.notes.filter { $0.reason == reason }.count, 2, "\(outcome.notes.map(\.reason))")
    }

    /// Shrunk reproducer: the base creates connections in a helper and has the delegate methods;
    /// the subclass, with nothing of a connection's own, starts them. Moved alone, the base
    /// handed the subclass tasks, which have no `start()`.
    func testABaseWhoseSubclassStartsItsConnectionsStaysOnTheShim() {
        let source = """
            import Foundation
            import URLConnectionShim

            class LoaderBase: NSObject, URLConnectionDataDelegate {
                var first: URLConnection?

                func connect(_ request: URLRequest) -> URLConnection? {
                    URLConnection(request: request, delegate: self, startImmediately: false)
                }

                func connectionDidFinishLoading(_ connection: URLConnection) {
                    print("finish")
                }
            }

            class Loader: LoaderBase {
                func load(_ url: URL) {
                    first = connect(URLRequest(url: url))
                    first?.start()
                }
            }

            """
        let (text, outcome) = fixedToURLSession(source)
        XCTAssertEqual(text, source, "the base stays")
        XCTAssertTrue(outcome.notes.contains { $0.reason.hasPrefix("Loader inherits from LoaderBase, which uses connections") },
                      "\(outcome.notes.map(\.reason))")
    }

    func testAnObjectiveCSubclassAndItsBaseThatBothUseConnectionsAreLeftTogether() {
        let source = """
            @interface LoaderBase : NSObject <NSURLConnectionDataDelegate>
            @property (nonatomic, strong) NSURLConnection *first;
            @end

            @implementation LoaderBase
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
                NSLog(@"response");
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
                NSLog(@"finish");
            }
            @end

            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)load:(NSURL *)url {
                self.first = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:url] delegate:self];
            }
            @end

            """
        let bytes = Array(source.utf8)
        let outcome = ObjectiveCSessionFixer().fix(bytes)
        XCTAssertEqual(String(decoding: SourceEdit.apply(outcome.edits, to: bytes), as: UTF8.self), source, "neither class moves")
        let reason = "Loader inherits from LoaderBase, which uses connections: a class moves to NSURLSession only with its "
            + "whole delegate code, so both are left on NSURLConnection"
        XCTAssertEqual(outcome.notes.filter { $0.reason == reason }.count, 2, "\(outcome.notes.map(\.reason))")
    }
}
