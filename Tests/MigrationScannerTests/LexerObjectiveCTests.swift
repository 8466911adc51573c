import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

final class LexerObjectiveCTests: XCTestCase {
    private func lex(_ source: String) -> [LexedToken] { LexerTestSupport.lex(source, .objectiveC) }
    private func texts(_ source: String, _ kind: TokenKind) -> [String] {
        lex(source).filter { $0.kind == kind }.map(\.text)
    }
    private func activeIdentifiers(_ source: String) -> [String] { LexerTestSupport.activeIdentifiers(source, .objectiveC) }

    func testTokenKinds() {
        XCTAssertEqual(lex("@interface A : NSObject <P>\n- (void)f:(int)x { return 0x10UL + 1.5e+3f; }"), [
            LexedToken(kind: .directive, text: "@interface"), LexedToken(kind: .identifier, text: "A"),
            LexedToken(kind: .punctuation, text: ":"), LexedToken(kind: .identifier, text: "NSObject"),
            LexedToken(kind: .punctuation, text: "<"), LexedToken(kind: .identifier, text: "P"),
            LexedToken(kind: .punctuation, text: ">"), LexedToken(kind: .punctuation, text: "-"),
            LexedToken(kind: .punctuation, text: "("), LexedToken(kind: .keyword, text: "void"),
            LexedToken(kind: .punctuation, text: ")"), LexedToken(kind: .identifier, text: "f"),
            LexedToken(kind: .punctuation, text: ":"), LexedToken(kind: .punctuation, text: "("),
            LexedToken(kind: .keyword, text: "int"), LexedToken(kind: .punctuation, text: ")"),
            LexedToken(kind: .identifier, text: "x"), LexedToken(kind: .punctuation, text: "{"),
            LexedToken(kind: .keyword, text: "return"), LexedToken(kind: .number, text: "0x10UL"),
            LexedToken(kind: .punctuation, text: "+"), LexedToken(kind: .number, text: "1.5e+3f"),
            LexedToken(kind: .punctuation, text: ";"), LexedToken(kind: .punctuation, text: "}"),
        ])
    }

    func testStringsAndCharacterLiterals() {
        XCTAssertEqual(texts(#"NSLog(@"NSURLConnection \"done\""); c = 'a'; d = '\''; s = "x\\";"#, .string),
                       [#"@"NSURLConnection \"done\"""#, "'a'", #"'\''"#, #""x\\""#])
        XCTAssertEqual(texts(#"NSLog(@"NSURLConnection finished");"#, .identifier), ["NSLog"])
    }

    func testLineContinuations() {
        let source = "s = \"one \\\ntwo\"; x \\\n y // comment \\\n still comment\nz"
        XCTAssertEqual(texts(source, .identifier), ["s", "x", "y", "z"])
        XCTAssertEqual(LexerTestSupport.lexWithPositions(source, .objectiveC).last?.line, 5)
    }

    func testComments() {
        XCTAssertEqual(lex("/* a /* b */ c // d\n/** doc */ ///doc2"), [
            LexedToken(kind: .comment, text: "/* a /* b */"), LexedToken(kind: .identifier, text: "c"),
            LexedToken(kind: .comment, text: "// d"), LexedToken(kind: .docComment, text: "/** doc */"),
            LexedToken(kind: .docComment, text: "///doc2"),
        ])
    }

    /// A macro's body is code, its name and parameters are not.
    func testPreprocessorLinesAndMacroBodies() {
        let source = "#import <Foundation/NSURLConnection.h>\n  #define CONN(r) \\\n   [NSURLConnection r]\nx # y\n#define K NSURLConnection"
        XCTAssertEqual(texts(source, .preprocessor), [
            "#import <Foundation/NSURLConnection.h>", "#define CONN(r)", "#define K",
        ])
        XCTAssertEqual(texts(source, .identifier), ["NSURLConnection", "r", "x", "y", "NSURLConnection"])
    }

    func testInactiveRegions() {
        let source = """
            a
            #if 0
            b
            #if FEATURE
            c
            #else
            d
            #endif
            #elif FEATURE
            e
            #else
            f
            #endif
            #if 1
            g
            #else
            h
            #endif
            #if (0) // off
            i
            #endif
            #ifdef X
            j
            #endif
            k
            """
        XCTAssertEqual(activeIdentifiers(source), ["a", "e", "f", "g", "j", "k"])
    }

    func testElseOfIfZeroIsActive() {
        XCTAssertEqual(activeIdentifiers("#if 0\na\n#else\nb\n#endif\n#if 0\nc\n#elif 0\nd\n#elif 1\ne\n#else\nf\n#endif"), ["b", "e"])
    }

    func testAtKeywordsAndLiterals() {
        XCTAssertEqual(lex("@end @[x] @{}").map(\.kind), [
            .directive, .punctuation, .punctuation, .identifier, .punctuation, .punctuation, .punctuation, .punctuation,
        ])
        XCTAssertEqual(LexerTestSupport.tokens("@implementation", .objectiveC).first?.word, .implementation)
    }

    func testRawStringInObjectiveCPlusPlus() {
        XCTAssertEqual(texts(#"auto s = R"x(NSURLConnection )" still)x"; y"#, .identifier), ["s", "y"])
    }

    func testPositionsWithMultibyteCharactersAndCRLF() {
        let tokens = LexerTestSupport.lexWithPositions("\u{FEFF}NSString *s = @\"日本\";\r\n\t[NSURLConnection new];", .objectiveC)
        XCTAssertEqual(tokens.map { "\($0.text)@\($0.line):\($0.column)" }, [
            "NSString@1:1", "*@1:10", "s@1:11", "=@1:13", "@\"日本\"@1:15", ";@1:20",
            "[@2:2", "NSURLConnection@2:3", "new@2:19", "]@2:22", ";@2:23",
        ])
    }

    func testUnterminatedLiteralsAndComments() {
        XCTAssertEqual(texts("s = @\"open\nNSURLConnection", .identifier), ["s", "NSURLConnection"])
        XCTAssertEqual(texts("c = 'x\ny", .identifier), ["c", "y"])
        XCTAssertEqual(lex("x /* open").last?.kind, .comment)
        XCTAssertEqual(lex("#define A \\").last?.kind, .preprocessor)
    }
}
