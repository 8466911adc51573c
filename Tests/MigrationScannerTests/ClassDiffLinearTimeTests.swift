import XCTest

@testable import MigrationScanner

/// `--diff` of one delegate class takes time linear in its methods, on every target: each stage
/// lexes and plans the file a fixed number of times, and the diff reads each line once.
final class ClassDiffLinearTimeTests: XCTestCase {
    /// A Swift delegate class with `methods` more methods, every other one taking a connection.
    private func swiftClass(methods: Int) -> [UInt8] {
        var text = """
            import Foundation

            final class Loader: NSObject, NSURLConnectionDataDelegate {
                func start(_ url: URL) {
                    _ = NSURLConnection(request: URLRequest(url: url), delegate: self, startImmediately: true)
                }

                func connectionDidFinishLoading(_ connection: NSURLConnection) {
                    print("done")
                }

            """
        for number in 0..<methods {
            text += number.isMultiple(of: 2)
                ? "    func helper\(number)(_ value: Int) -> Int {\n        return value + \(number)\n    }\n"
                : "    func typed\(number)(_ connection: NSURLConnection) -> Int {\n        return \(number)\n    }\n"
        }
        return Array((text + "}\n").utf8)
    }

    /// The Objective-C form of `swiftClass(methods:)`.
    private func objectiveCClass(methods: Int) -> [UInt8] {
        var text = """
            #import <Foundation/Foundation.h>

            @interface Loader : NSObject <NSURLConnectionDataDelegate>
            @end

            @implementation Loader
            - (void)start:(NSURL *)url {
                (void)[[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:url] delegate:self];
            }

            - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
                NSLog(@"done");
            }

            """
        for number in 0..<methods {
            text += number.isMultiple(of: 2)
                ? "- (NSInteger)helper\(number):(NSInteger)value {\n    return value + \(number);\n}\n"
                : "- (NSInteger)typed\(number):(NSURLConnection *)connection {\n    return \(number);\n}\n"
        }
        return Array((text + "@end\n").utf8)
    }

    /// Migrates `bytes` and renders the diff, as `--diff` does.
    private func diff(_ bytes: [UInt8], language: SourceLanguage, target: FixTarget) -> [UInt8] {
        let migrator = Migrator(target: target, objectiveCSources: language == .objectiveC ? [bytes] : [])
        guard case .apply(let edits) = migrator.migrate(bytes, language: language).decision else { return [] }
        return UnifiedDiff(path: "Loader", original: bytes, edits: edits).render()
    }

    func testDiffOfALargeSwiftClassTakesLinearTimeOnEachTarget() {
        for target in [FixTarget.shim, .urlsession] {
            XCTAssertFalse(diff(swiftClass(methods: 2), language: .swift, target: target).isEmpty, "\(target)")
            assertLinearTime(small: swiftClass(methods: 250), large: swiftClass(methods: 2_000)) {
                _ = diff($0, language: .swift, target: target)
            }
        }
    }

    func testDiffOfALargeObjectiveCClassTakesLinearTime() {
        XCTAssertFalse(diff(objectiveCClass(methods: 2), language: .objectiveC, target: .shim).isEmpty)
        assertLinearTime(small: objectiveCClass(methods: 250), large: objectiveCClass(methods: 2_000)) {
            _ = diff($0, language: .objectiveC, target: .shim)
        }
    }
}
