import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

final class LexerSwiftTests: XCTestCase {
    private func lex(_ source: String) -> [LexedToken] { LexerTestSupport.lex(source, .swift) }
    private func texts(_ source: String, _ kind: TokenKind) -> [String] {
        lex(source).filter { $0.kind == kind }.map(\.text)
    }

    func testIdentifiersKeywordsPunctuationNumbers() {
        XCTAssertEqual(lex("let x_1 = 0x1F + 1.5e-3 &- `class`"), [
            LexedToken(kind: .keyword, text: "let"), LexedToken(kind: .identifier, text: "x_1"),
            LexedToken(kind: .punctuation, text: "="), LexedToken(kind: .number, text: "0x1F"),
            LexedToken(kind: .punctuation, text: "+"), LexedToken(kind: .number, text: "1.5e-3"),
            LexedToken(kind: .punctuation, text: "&"), LexedToken(kind: .punctuation, text: "-"),
            LexedToken(kind: .identifier, text: "`class`"),
        ])
        XCTAssertEqual(texts("#if DEBUG\n#selector(f)\n#endif", .directive), ["#if", "#selector", "#endif"])
        XCTAssertEqual(texts("t.0.1", .number), ["0.1"])
        XCTAssertEqual(texts("let größe = 1", .identifier), ["größe"])
    }

    func testInternedWordsMatchExactSpellingsOnly() {
        let tokens = LexerTestSupport.tokens("NSURLConnection NSURLConnectionStats nsurlconnection `NSURLConnection`", .swift)
        XCTAssertEqual(tokens.map(\.word), [.NSURLConnection, nil, nil, .NSURLConnection])
    }

    private func activeIdentifiers(_ source: String) -> [String] { LexerTestSupport.activeIdentifiers(source, .swift) }

    func testIfFalseAndIfTrueRegions() {
        let source = """
            a
            #if false
            b
            #if DEBUG
            c
            #else
            d
            #endif
            #elseif os(Linux)
            e
            #else
            f
            #endif
            #if (true) // always
            g
            #elseif canImport(UIKit)
            h
            #else
            i
            #endif
            #if false || DEBUG
            j
            #endif
            #if falsehood
            k
            #endif
            l
            """
        // A condition belongs to its branch: `os(Linux)` may hold, `canImport(UIKit)` follows a `true`.
        XCTAssertEqual(activeIdentifiers(source), ["a", "os", "Linux", "e", "f", "g", "DEBUG", "j", "falsehood", "k", "l"])
    }

    /// A bare regex literal is a literal, not code; a slash between operands is division.
    func testBareRegexLiteralsAreLiteralsAndDivisionStaysAnOperator() {
        XCTAssertEqual(texts("let r = /NSURLConnection\\(/\nif s.contains(/UIWebView/) {}", .string), [
            "/NSURLConnection\\(/", "/UIWebView/",
        ])
        XCTAssertEqual(texts("func f() -> Regex<Substring> {\n    return /NSURLConnection/\n}", .string), ["/NSURLConnection/"])
        XCTAssertEqual(texts("let x = a / b / c\nlet y = (n/2) / d\nlet z = total/count", .identifier), [
            "x", "a", "b", "c", "y", "n", "d", "z", "total", "count",
        ])
        XCTAssertEqual(texts("let q = a / b\nlet w = x /= 2", .string), [])
    }

    func testComments() {
        XCTAssertEqual(lex("a // line\n/// doc\n//// not doc\n/** block doc */ /* block */ /*! bang */ b"), [
            LexedToken(kind: .identifier, text: "a"), LexedToken(kind: .comment, text: "// line"),
            LexedToken(kind: .docComment, text: "/// doc"), LexedToken(kind: .comment, text: "//// not doc"),
            LexedToken(kind: .docComment, text: "/** block doc */"), LexedToken(kind: .comment, text: "/* block */"),
            LexedToken(kind: .docComment, text: "/*! bang */"), LexedToken(kind: .identifier, text: "b"),
        ])
    }

    func testNestedBlockComments() {
        XCTAssertEqual(lex("/* outer /* nested NSURLConnection */ still a comment */ x"), [
            LexedToken(kind: .comment, text: "/* outer /* nested NSURLConnection */ still a comment */"),
            LexedToken(kind: .identifier, text: "x"),
        ])
    }

    func testSingleLineAndEscapedStrings() {
        XCTAssertEqual(lex(#"a = "NSURL\"Connection" + b"#).map(\.kind), [.identifier, .punctuation, .string, .punctuation, .identifier])
        XCTAssertEqual(texts(#"x = "" + "\\""#, .string), [#""""#, #""\\""#])
    }

    func testMultiLineString() {
        let source = "let t = \"\"\"\n    NSURLConnection.sendSynchronousRequest(req, returning: nil)\n    \"\"\"\nx"
        XCTAssertEqual(lex(source).map(\.kind), [.keyword, .identifier, .punctuation, .string, .identifier])
        let last = LexerTestSupport.lexWithPositions(source, .swift).last
        XCTAssertEqual(last?.line, 4)
    }

    func testRawStringsWithAnyNumberOfHashes() {
        XCTAssertEqual(texts(##"let s = #"NSURLConnection("raw")"#"##, .string), [##"#"NSURLConnection("raw")"#"##])
        XCTAssertEqual(texts(###"let s = ##"a "# still"## + x"###, .string), [###"##"a "# still"##"###])
        XCTAssertEqual(texts(##"let s = #"back\slash \(notCode)"#"##, .string), [##"#"back\slash \(notCode)"#"##])
        XCTAssertEqual(texts(##"let s = #"a\#(code)b"#"##, .identifier), ["s", "code"])
    }

    func testMultiLineRawStringWithExtendedDelimiter() {
        let source = "let s = #\"\"\"\n  \"\"\" not the end\n  \\#(value) \\(text)\n  \"\"\"#\nafter"
        XCTAssertEqual(texts(source, .identifier), ["s", "value", "after"])
    }

    func testInterpolationIsLexedAsCode() {
        XCTAssertEqual(lex(#"print("a\(NSURLConnection.self)b")"#), [
            LexedToken(kind: .identifier, text: "print"), LexedToken(kind: .punctuation, text: "("),
            LexedToken(kind: .string, text: #""a\("#), LexedToken(kind: .identifier, text: "NSURLConnection"),
            LexedToken(kind: .punctuation, text: "."), LexedToken(kind: .keyword, text: "self"),
            LexedToken(kind: .string, text: #")b""#), LexedToken(kind: .punctuation, text: ")"),
        ])
    }

    func testNestedInterpolationWithParenthesesAndStrings() {
        let source = #"let s = "\(f(g(1), "\(inner("x"))"))" + tail"#
        XCTAssertEqual(texts(source, .identifier), ["s", "f", "g", "inner", "tail"])
        XCTAssertEqual(texts(source, .string), [#""\("#, #""\("#, #""x""#, #")""#, #")""#])
    }

    func testInterpolationInMultiLineStringMaySpanLines() {
        let source = "let s = \"\"\"\n  a \\(call(\n    x)) b\n  \"\"\"\nz"
        XCTAssertEqual(texts(source, .identifier), ["s", "call", "x", "z"])
    }

    func testUnterminatedStringEndsAtLineBreak() {
        XCTAssertEqual(texts("let s = \"open\nNSURLConnection", .identifier), ["s", "NSURLConnection"])
        XCTAssertEqual(texts("let s = \"\\(open\nNSURLConnection)", .identifier), ["s", "open", "NSURLConnection"])
    }

    func testUnterminatedCommentAndStringRunToEndOfFile() {
        XCTAssertEqual(lex("x /* never closed /* nested"), [
            LexedToken(kind: .identifier, text: "x"), LexedToken(kind: .comment, text: "/* never closed /* nested"),
        ])
        XCTAssertEqual(lex("x = \"\"\"\nnever closed").last?.kind, .string)
        XCTAssertEqual(lex("x = #\"never closed").last?.kind, .string)
    }

    func testRegexLiteralIsNotCode() {
        XCTAssertEqual(texts("let r = #/NSURLConnection/#", .identifier), ["r"])
    }

    func testPositionsCountUnicodeScalars() {
        let tokens = LexerTestSupport.lexWithPositions("let é = \"日本\"; NSURLConnection\n\t😀 x", .swift)
        XCTAssertEqual(tokens.map { "\($0.text)@\($0.line):\($0.column)" }, [
            "let@1:1", "é@1:5", "=@1:7", "\"日本\"@1:9", ";@1:13", "NSURLConnection@1:15", "😀@2:2", "x@2:4",
        ])
    }

    func testCRLFAndByteOrderMark() {
        let tokens = LexerTestSupport.lexWithPositions("\u{FEFF}a\r\n/* x\r\n */ b\r\n\"s\"\rc", .swift)
        XCTAssertEqual(tokens.map { "\($0.text)@\($0.line):\($0.column)" }, [
            "a@1:1", "/* x\r\n */@2:1", "b@3:5", "\"s\"@4:1", "c@5:1",
        ])
    }

    func testNulAndInvalidUTF8DoNotStopTheLexer() {
        var bytes = Array("a\u{0}b".utf8)
        bytes += [0xFF, 0xC3, 0x20, 0x80]
        bytes += Array(" NSURLConnection".utf8)
        let tokens = SwiftLexer.tokens(in: bytes)
        XCTAssertEqual(tokens.last?.word, .NSURLConnection)
        XCTAssertEqual(tokens.first?.kind, .identifier)
    }

    func testTriviaCanBeDropped() {
        let tokens = SwiftLexer.tokens(in: Array("a // c\n/* d */ b".utf8), keepsTrivia: false)
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .identifier])
    }
}
