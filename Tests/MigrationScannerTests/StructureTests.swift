import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

final class StructureTests: XCTestCase {
    private func structure(_ source: String, _ language: SourceLanguage) -> SourceStructure {
        SourceStructure(TokenStream(bytes: Array(source.utf8), language: language))
    }

    private func inheritedNames(_ structure: SourceStructure) -> [[String]] {
        structure.types.map { type in type.inherited.map { structure.stream.text($0) } }
    }

    func testBracketPartners() {
        let structure = structure("f(a[1], { b() })", .swift)
        let stream = structure.stream
        for index in 0..<stream.count where stream[index].kind == .punctuation {
            guard let partner = structure.partner(index) else { continue }
            XCTAssertEqual(structure.partner(partner), index)
        }
        XCTAssertEqual(structure.partner(1), stream.count - 1)
    }

    /// Far deeper than the open-bracket stack's first storage holds: every bracket still finds the
    /// one that mirrors it.
    func testBracketPartnersNestedHundredsDeep() {
        let depth = 300
        let openers = (0..<depth).map { ["(", "[", "{"][$0 % 3] }
        let closers = openers.reversed().map { ["(": ")", "[": "]", "{": "}"][$0]! }
        let structure = structure("f" + openers.joined() + "x" + closers.joined(), .swift)
        XCTAssertEqual(structure.stream.count, 2 * depth + 2)
        for level in 0..<depth {
            XCTAssertEqual(structure.partner(1 + level), 2 * depth + 1 - level, "level \(level)")
        }
    }

    func testSwiftTypesAndConformanceListsSplitOverLines() {
        let source = """
            final class Loader: NSObject,
                NSURLConnectionDelegate,
                Foundation.NSURLConnectionDataDelegate {
                struct Inner<T: Equatable>: Hashable where T: Sendable { }
                class func make() -> Loader { Loader() }
            }
            extension Module.Loader: @unchecked Sendable, CustomStringConvertible { }
            protocol Loading: AnyObject { }
            enum Mode: Int { case a }
            """
        let structure = structure(source, .swift)
        XCTAssertEqual(structure.types.map { structure.stream.text($0.name) }, ["Loader", "Inner", "Loader", "Loading", "Mode"])
        XCTAssertEqual(inheritedNames(structure), [
            ["NSObject", "NSURLConnectionDelegate", "NSURLConnectionDataDelegate"], ["Hashable"],
            ["Sendable", "CustomStringConvertible"], ["AnyObject"], ["Int"],
        ])
        XCTAssertEqual(structure.types.map(\.kind), [.swiftType, .swiftType, .swiftExtension, .swiftProtocol, .swiftType])
    }

    func testObjectiveCContainers() {
        let source = """
            @protocol Loading <NSObject,
                               NSURLConnectionDelegate>
            @end
            @protocol Forward;
            @interface Box<ObjectType> : NSObject <NSCopying>
            @end
            @interface Loader () <NSURLConnectionDataDelegate>
            @end
            @implementation Loader {
                NSMutableData *_data;
            }
            - (void)start { }
            @end
            """
        let structure = structure(source, .objectiveC)
        let stream = structure.stream
        XCTAssertEqual(structure.types.map { stream.text($0.name) }, ["Loading", "Box", "Loader", "Loader"])
        XCTAssertEqual(inheritedNames(structure), [["NSObject", "NSURLConnectionDelegate"], ["NSCopying"], ["NSURLConnectionDataDelegate"], []])
        XCTAssertEqual(structure.types[1].superclass.map { stream.text($0) }, "NSObject")
        XCTAssertEqual(structure.methods.map { $0.selector(in: stream) }, ["start"])
    }

    func testObjectiveCSelectorsDeclarationsAndBodies() {
        let source = """
            @interface Loader : NSObject
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response;
            + (instancetype)loaderWithURL:(NSURL *)url NS_SWIFT_NAME(init(url:));
            - (IBAction)refresh:(id)sender;
            @end
            @implementation Loader
            - (void)connection:(NSURLConnection *)connection
                didReceiveData:(NSData *)data
            {
                [self.data appendData:data];
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            static void helper(int x) { }
            @end
            """
        let structure = structure(source, .objectiveC)
        let stream = structure.stream
        XCTAssertEqual(structure.methods.map { $0.selector(in: stream) }, [
            "connection:didReceiveResponse:", "loaderWithURL:", "refresh:", "connection:didReceiveData:",
            "connectionDidFinishLoading:", "helper",
        ])
        XCTAssertEqual(structure.methods.map { $0.body == nil }, [true, true, true, false, false, false])
        XCTAssertEqual(structure.methods.map(\.isInterfaceBuilderAction), [false, false, true, false, false, false])
        XCTAssertEqual(structure.methods[3].parameters.map { $0.name.map { stream.text($0) } }, ["connection", "data"])
        XCTAssertTrue(structure.methods[3].parameter(0, hasType: .NSURLConnection, in: stream))
        XCTAssertEqual(stream[structure.methods[3].name].line, 7)
    }

    func testSwiftSignaturesModernAndLegacy() {
        let source = """
            class Loader: NSObject {
                func connection(_ connection: NSURLConnection, didReceive response: URLResponse) { }
                func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) { }
                @IBAction override func refresh(_ sender: Any?) {
                    func nested(x: Int = 1, y: [String: Int]) { }
                }
                init?(url: URL, options: Dictionary<String, Int>) { }
                static func == (lhs: Loader, rhs: Loader) -> Bool { true }
            }
            protocol P { func required(a: Int) -> Int
                var x: Int { get } }
            """
        let structure = structure(source, .swift)
        let stream = structure.stream
        XCTAssertEqual(structure.methods.map { $0.selector(in: stream) }, [
            "connection(_:didReceive:)", "connection(connection:didReceiveResponse:)", "refresh(_:)", "nested(x:y:)",
            "init(url:options:)", "==(lhs:rhs:)", "required(a:)",
        ])
        XCTAssertEqual(structure.methods.map(\.isInterfaceBuilderAction), [false, false, true, false, false, false, false])
        XCTAssertNil(structure.methods.last?.body)
        let legacy = structure.methods[1]
        XCTAssertEqual(legacy.parameters.map { stream.text($0.type.lowerBound) }, ["NSURLConnection", "NSURLResponse"])
        XCTAssertEqual(stream[legacy.declarationStart].line, 3)
        XCTAssertEqual(stream.text(structure.methods[2].declarationStart), "@")
    }

    func testEnclosingMethodAndTypeLookup() {
        let source = """
            class A {
                func outer() {
                    let a = 1
                    func inner() { let b = 2 }
                    let c = 3
                }
                let d = 4
            }
            """
        let structure = structure(source, .swift)
        let stream = structure.stream
        func token(_ name: String) -> Int { (0..<stream.count).first { stream.text($0) == name }! }
        XCTAssertEqual(structure.enclosingMethod(of: token("a")).map { stream.text($0.name) }, "outer")
        XCTAssertEqual(structure.enclosingMethod(of: token("b")).map { stream.text($0.name) }, "inner")
        XCTAssertEqual(structure.enclosingMethod(of: token("c")).map { stream.text($0.name) }, "outer")
        XCTAssertNil(structure.enclosingMethod(of: token("d")))
        XCTAssertEqual(structure.enclosingType(of: token("d")).map { stream.text($0.name) }, "A")
    }
}
