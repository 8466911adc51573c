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

    // MARK: A subclass in another file that overrides the delegate methods

    private let baseFile = """
        @interface LoaderBase : NSObject <NSURLConnectionDataDelegate>
        @property (nonatomic, strong) NSURLConnection *connection;
        - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response;
        @end

        @implementation LoaderBase
        - (void)load:(NSURL *)url {
            self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:url] delegate:self];
        }
        - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
            NSLog(@"response");
        }
        - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
            [challenge.sender performDefaultHandlingForAuthenticationChallenge:challenge];
        }
        - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            NSLog(@"finish");
        }
        @end

        """

    /// Both files fixed with one survey, as `--fix` does a tree.
    private func fixedWithSubclass(_ subclassFile: String) -> (base: String, subclass: String, notes: [String]) {
        let files = [Array(baseFile.utf8), Array(subclassFile.utf8)]
        let fixer = ObjectiveCSessionFixer(survey: ObjectiveCSessionFixer.survey(files))
        let outcomes = files.map { fixer.fix($0) }
        let texts = zip(files, outcomes).map { String(decoding: SourceEdit.apply($1.edits, to: $0), as: UTF8.self) }
        return (texts[0], texts[1], outcomes.flatMap { $0.notes.map(\.reason) })
    }

    /// RestKit's request operation: overrides of the superclass's delegate methods that call super
    /// take the task, and the superclass keeps the overridden selectors, which its session's methods call.
    func testASubclassOverridingDelegateMethodsMovesWithItsSuperclass() {
        let subclass = """
            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
                [super connection:connection didReceiveResponse:response];
                NSLog(@"subclass response");
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
                if ([LoaderBase instancesRespondToSelector:@selector(connectionDidFinishLoading:)]) {
                    [super connectionDidFinishLoading:connection];
                }
            }
            @end

            """
        let fixed = fixedWithSubclass(subclass)
        let category = """
            // LoaderBase keeps these NSURLConnection delegate selectors as ordinary methods;
            // the NSURLSession protocols it adopts do not declare them.
            @interface LoaderBase (LoaderOverrides)
            - (void)connectionDidFinishLoading:(NSURLSessionDataTask *)connection;
            @end

            @implementation Loader
            """
        XCTAssertEqual(fixed.subclass, subclass.replacingOccurrences(of: "(NSURLConnection *)", with: "(NSURLSessionDataTask *)")
            .replacingOccurrences(of: "@implementation Loader", with: category),
            "connectionDidFinishLoading: was declared only by NSURLConnectionDataDelegate, for the super message")
        XCTAssertTrue(fixed.base.contains("- (void)connectionDidFinishLoading:(NSURLSessionDataTask *)connection {"), fixed.base)
        XCTAssertTrue(fixed.base.contains("[self connectionDidFinishLoading:(NSURLSessionDataTask *)"), "the session calls the kept selector")
        XCTAssertTrue(fixed.base.contains("didReceiveChallenge:"), "the challenge method moves as usual")
        XCTAssertEqual(fixed.notes, [])
    }

    /// An override that replaces the superclass's method without calling super: NSURLConnection
    /// called it instead of the superclass's, and so does the session's method after the move.
    func testASubclassReplacingADelegateMethodMovesWithItsSuperclass() {
        let subclass = """
            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
                NSLog(@"subclass response");
            }
            @end

            """
        let fixed = fixedWithSubclass(subclass)
        XCTAssertEqual(fixed.subclass, subclass.replacingOccurrences(of: "(NSURLConnection *)", with: "(NSURLSessionDataTask *)"),
                       "declared in LoaderBase's @interface, the method needs no category")
        XCTAssertTrue(fixed.base.contains("[self connection:connection didReceiveResponse:response];"), fixed.base)
        XCTAssertEqual(fixed.notes, [])
    }

    /// In one file, by a fix of that file alone (no survey of a tree) as by `--fix` over a tree.
    func testASubclassInTheSameFileMovesWithItsSuperclass() {
        let subclass = """
            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
                [super connectionDidFinishLoading:connection];
            }
            @end

            """
        let bytes = Array((baseFile + "\n" + subclass).utf8)
        for fixer in [ObjectiveCSessionFixer(), ObjectiveCSessionFixer(survey: ObjectiveCSessionFixer.survey([bytes]))] {
            let outcome = fixer.fix(bytes)
            let text = String(decoding: SourceEdit.apply(outcome.edits, to: bytes), as: UTF8.self)
            XCTAssertEqual(outcome.notes.map(\.reason), [])
            XCTAssertTrue(text.contains("- (void)connectionDidFinishLoading:(NSURLSessionDataTask *)connection {\n    [super connectionDidFinishLoading:connection];"), text)
            XCTAssertTrue(text.contains("@interface LoaderBase (LoaderOverrides)"), text)
            XCTAssertTrue(text.contains("didReceiveChallenge:"), "the superclass moves")
        }
    }

    func testASubclassOverridingTheChallengeMethodHoldsItsSuperclassBack() {
        let subclass = """
            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
                [super connection:connection willSendRequestForAuthenticationChallenge:challenge];
            }
            @end

            """
        let fixed = fixedWithSubclass(subclass)
        XCTAssertEqual(fixed.base, baseFile, "the session would never call the override")
        XCTAssertEqual(fixed.subclass, subclass)
        XCTAssertTrue(fixed.notes.contains("Loader overrides LoaderBase's challenge method, which becomes the session's: LoaderBase "
            + "moves only with its subclass's delegate code, so LoaderBase is left on NSURLConnection"), "\(fixed.notes)")
    }

    func testASubclassReadingItsConnectionHoldsItsSuperclassBack() {
        let subclass = """
            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
                [super connectionDidFinishLoading:connection];
                [connection cancel];
            }
            @end

            """
        let fixed = fixedWithSubclass(subclass)
        XCTAssertEqual(fixed.base, baseFile)
        XCTAssertEqual(fixed.subclass, subclass)
        XCTAssertTrue(fixed.notes.contains { $0.hasPrefix("Loader's overrides read their connection") }, "\(fixed.notes)")
    }

    func testASubclassOverridingAMethodItsSuperclassLacksHoldsItBack() {
        let subclass = """
            @interface Loader : LoaderBase
            @end

            @implementation Loader
            - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
                [super connection:connection didReceiveData:data];
            }
            @end

            """
        let fixed = fixedWithSubclass(subclass)
        XCTAssertEqual(fixed.base, baseFile)
        XCTAssertTrue(fixed.notes.contains { $0.hasPrefix("Loader overrides connection:didReceiveData:, which LoaderBase does not implement") },
                      "\(fixed.notes)")
    }
}
