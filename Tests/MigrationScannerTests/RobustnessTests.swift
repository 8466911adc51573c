import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

/// SplitMix64: small, seedable, the same sequence on every platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class RobustnessTests: XCTestCase {
    /// Bytes that open, close or escape something in one of the languages, plus multibyte
    /// and invalid UTF-8: random input drawn mostly from these reaches the lexers' corners.
    private static let interestingBytes: [UInt8] = Array(#""'#\()/*`@{}[]<>:;,.=!?-+R_0x1e\#n"#.utf8)
        + [0x0A, 0x0D, 0x00, 0x09, 0xEF, 0xBB, 0xBF, 0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x80]
        + Array("NSURLConnection if 0 else endif interface end func".utf8)

    /// Real sources: every rule example, mutated below.
    private static let seeds: [(SourceLanguage, [UInt8])] = RuleCatalog.descriptions.flatMap {
        ($0.triggeringExamples + $0.nonTriggeringExamples).map { ($0.language, Array($0.code.utf8)) }
    }

    private func lex(_ bytes: [UInt8], _ language: SourceLanguage) -> [Token] {
        language == .swift ? SwiftLexer.tokens(in: bytes) : ObjectiveCLexer.tokens(in: bytes)
    }

    /// No token is empty or out of bounds; tokens are in order; positions only move forward.
    private func invariantViolation(_ tokens: [Token], count: Int) -> String? {
        var previous: Token?
        for token in tokens {
            if token.start >= token.end || Int(token.end) > count { return "bad bounds \(token)" }
            if token.line < 1 || token.column < 1 { return "bad position \(token)" }
            if let previous {
                if token.start < previous.end { return "overlap \(previous) \(token)" }
                if token.line < previous.line || (token.line == previous.line && token.column <= previous.column) {
                    return "position went back \(previous) \(token)"
                }
            }
            previous = token
        }
        return nil
    }

    func testRandomAndMutatedInputsNeverBreakTheLexers() {
        let seed = UInt64(ProcessInfo.processInfo.environment["ROBUSTNESS_SEED"] ?? "") ?? 0x5EED_2026
        var random = SeededGenerator(seed: seed)
        let cases = 100_000
        let scanner = SourceScanner()
        var failures = 0
        for caseIndex in 0..<cases {
            let language: SourceLanguage = caseIndex % 2 == 0 ? .swift : .objectiveC
            var bytes: [UInt8]
            if caseIndex % 4 < 2 {
                let length = Int.random(in: 0...48, using: &random)
                bytes = (0..<length).map { _ in
                    Bool.random(using: &random) ? Self.interestingBytes.randomElement(using: &random)!
                        : UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = Self.seeds.randomElement(using: &random)!.1
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[position] = Self.interestingBytes.randomElement(using: &random)!
                    case 1: bytes.remove(at: position)
                    default: bytes.removeSubrange(position...)
                    }
                }
            }
            let tokens = lex(bytes, language)
            if let violation = invariantViolation(tokens, count: bytes.count) {
                failures += 1
                if failures <= 3 {
                    XCTFail("seed \(seed) case \(caseIndex) (\(language)): \(violation) in \(bytes)")
                }
            }
            if caseIndex % 16 == 0 {
                // Structure and rules must survive whatever the lexer made of it.
                _ = scanner.scan(bytes, language: language, path: "fuzz")
            }
        }
        XCTAssertEqual(failures, 0, "seed \(seed): \(failures) of \(cases) cases broke an invariant")
    }

    /// A scan counts columns only for the tokens that get a finding, from the start of their line;
    /// every token's column must be the one the lexer counts as it goes, invalid UTF-8 included.
    func testColumnsCountedOnDemandAreTheColumnsCountedWhileLexing() {
        var random = SeededGenerator(seed: 0xC0_1E_2026)
        var countedWhileLexing = 0
        let handWritten: [[UInt8]] = [
            Array("let a = 1; é.b(\"日本\") // c\n  x\u{301} NSURLConnection".utf8),
            [0x61, 0x20, 0x80, 0x62, 0x20, 0xE2, 0x82, 0x20, 0x80, 0x63, 0x0A, 0xF0, 0x9F, 0x98, 0x80, 0x78],
            Array("\u{FEFF}let x = 1\r\n\ty\rz".utf8),
        ]
        for caseIndex in 0..<20_000 {
            let language: SourceLanguage = caseIndex % 2 == 0 ? .swift : .objectiveC
            var bytes: [UInt8]
            if caseIndex < handWritten.count {
                bytes = handWritten[caseIndex]
            } else if caseIndex % 3 == 0 {
                bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                    Self.interestingBytes.randomElement(using: &random)!
                }
            } else {
                bytes = Self.seeds.randomElement(using: &random)!.1
                for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = Self.interestingBytes.randomElement(using: &random)!
                }
            }
            let lexed = language == .swift
                ? SwiftLexer.tokens(in: bytes, keepsTrivia: false) : ObjectiveCLexer.tokens(in: bytes, keepsTrivia: false)
            let stream = TokenStream(bytes: bytes, language: language)
            XCTAssertEqual(stream.tokens.map { [$0.start, $0.end, $0.line] }, lexed.map { [$0.start, $0.end, $0.line] })
            let columns = stream.tokens.indices.map { stream.column($0) }
            if !stream.tokens.isEmpty && stream.tokens.allSatisfy({ $0.column > 0 }) { countedWhileLexing += 1 }
            guard columns == lexed.map({ Int($0.column) }) else {
                return XCTFail("case \(caseIndex) (\(language)): \(columns) != \(lexed.map(\.column)) in \(bytes)")
            }
        }
        // Some cases start a token inside a UTF-8 sequence and take the lexer's count.
        XCTAssertGreaterThan(countedWhileLexing, 0)
    }

    func testFiftyMegabyteSingleLine() {
        let unit = "日本語 NSURLConnection é "
        let repetitions = 50_000_000 / unit.utf8.count + 1
        let prefix = "let s = \""
        let source = prefix + String(repeating: unit, count: repetitions) + "\"; NSURLConnection"
        let bytes = Array(source.utf8)
        XCTAssertGreaterThanOrEqual(bytes.count, 50_000_000)
        let scalarsBefore = prefix.unicodeScalars.count + repetitions * unit.unicodeScalars.count + 3
        let tokens = SwiftLexer.tokens(in: bytes)
        XCTAssertEqual(tokens.count, 6)
        XCTAssertEqual(tokens.last?.word, .NSURLConnection)
        XCTAssertEqual(tokens.last?.line, 1)
        XCTAssertEqual(tokens.last.map { Int($0.column) }, scalarsBefore + 1)

        // Objective-C: the same line shortened to 5 MB, inside a block comment (debug builds are slow).
        var objectiveC = Array("/*".utf8)
        objectiveC += bytes.prefix(5_000_000)
        objectiveC += Array("*/ [NSURLConnection new];".utf8)
        let objectiveCTokens = ObjectiveCLexer.tokens(in: objectiveC, keepsTrivia: false)
        XCTAssertEqual(objectiveCTokens.count, 5)
        XCTAssertEqual(objectiveCTokens[1].word, .NSURLConnection)
    }

    func testTenThousandNestedComments() {
        let depth = 10_000
        let source = String(repeating: "/* ", count: depth) + "NSURLConnection" + String(repeating: " */", count: depth)
            + " after"
        let tokens = SwiftLexer.tokens(in: Array(source.utf8))
        XCTAssertEqual(tokens.map(\.kind), [.comment, .identifier])
        let findings = SourceScanner().scan(Array(source.utf8), language: .swift, path: "deep.swift")
        XCTAssertEqual(findings, [])
    }

    func testTenThousandNestedInterpolations() {
        let depth = 10_000
        let source = "let s = " + String(repeating: #""\("#, count: depth) + "NSURLConnection.self"
            + String(repeating: #")""#, count: depth)
        let bytes = Array(source.utf8)
        let tokens = SwiftLexer.tokens(in: bytes)
        XCTAssertEqual(tokens.filter { $0.kind == .string }.count, 2 * depth)
        XCTAssertEqual(tokens.filter { $0.word == .NSURLConnection }.count, 1)
        XCTAssertEqual(tokens.last.map { Int($0.end) }, bytes.count)
        let findings = SourceScanner().scan(bytes, language: .swift, path: "deep.swift")
        XCTAssertEqual(findings.map(\.ruleID), ["nsurlconnection-reference"])
    }

    func testTenThousandNestedBracketsAndBlocks() {
        let depth = 10_000
        let objectiveC = "- (void)f { " + String(repeating: "[", count: depth) + "NSURLConnection new"
            + String(repeating: "]", count: depth) + "; }"
        let findings = SourceScanner().scan(Array(objectiveC.utf8), language: .objectiveC, path: "deep.m")
        XCTAssertEqual(findings.map(\.ruleID), ["nsurlconnection-create"])
        let swift = "func f() " + String(repeating: "{ ", count: depth) + "_ = NSURLConnection.self"
            + String(repeating: " }", count: depth)
        XCTAssertEqual(SourceScanner().scan(Array(swift.utf8), language: .swift, path: "deep.swift").count, 1)
    }

    func testUnbalancedBracketsDoNotLoseLaterDeclarations() {
        let source = """
            @implementation A
            - (void)broken { if (x { }
            @end
            @implementation B
            - (void)connectionDidFinishLoading:(NSURLConnection *)c { }
            @end
            @interface B () <NSURLConnectionDelegate>
            @end
            """
        let findings = SourceScanner(ruleIDs: ["nsurlconnection-delegate-method"])
            .scan(Array(source.utf8), language: .objectiveC, path: "a.m")
        XCTAssertEqual(findings.map(\.ruleID), ["nsurlconnection-delegate-method"])
    }

    func testCRLFAndByteOrderMarkThroughTheScanner() {
        let source = "\u{FEFF}// NSURLConnection\r\nlet c = NSURLConnection(request: r, delegate: nil)\r\n"
        let findings = SourceScanner().scan(Array(source.utf8), language: .swift, path: "crlf.swift")
        XCTAssertEqual(findings.map { "\($0.ruleID)@\($0.line):\($0.column)-\($0.endColumn)" },
                       ["nsurlconnection-create@2:9-24"])
    }
}
