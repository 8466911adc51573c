import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// What scanner-fuzz found beyond the issue's four points, each reduced to a few lines.
final class RobustnessFuzzFindingsTests: XCTestCase {
    /// `--fix` then `--fix` again: the second run must find nothing to do, and the edits must be apart.
    private func assertFixIsIdempotentWithDisjointEdits(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(source.utf8)
        let edits = SwiftShimEmitter().edits(for: bytes)
        XCTAssertFalse(edits.isEmpty, file: file, line: line)
        for (earlier, later) in zip(edits, edits.dropFirst()) {
            XCTAssertLessThanOrEqual(earlier.range.upperBound, later.range.lowerBound, "\(earlier) overlaps \(later)", file: file, line: line)
        }
        let fixed = SourceEdit.apply(edits, to: bytes)
        XCTAssertEqual(SwiftShimEmitter().edits(for: fixed), [], String(decoding: fixed, as: UTF8.self), file: file, line: line)
    }

    /// Case 5839 of seed 1: declarations without a closing `)` run into each other, and two delegate
    /// signatures claimed the same bytes; the diff trapped on the overlapping edits.
    func testDeclarationsRunningIntoEachOtherGetDisjointEdits() {
        let declaration = "func connection(_ connection: NSURLConnection, didFailWithError error: NSError)"
        assertFixIsIdempotentWithDisjointEdits(
            "func connection(_ socket: GCDA" + String(repeating: declaration, count: 3)
                + "syncSocket, didReceiveData data: NSData) { }\n")
    }

    /// Case 6243 of seed 1: a parameter list left open until the end of the file holds a
    /// `returningResponse:` call, which the label fix and the signature fix both edited.
    func testOpenParameterListAroundACallGetsDisjointEdits() {
        assertFixIsIdempotentWithDisjointEdits("""
            func connection(_ c: URLConnection, willSend request: NSURLRequest,
                redirectResponse: UdLoad() {
                let data = try? NSURLConnection.sendSynchronousRequest(request, returningResponse: nil)
            }
            RLResponse?) -> NSURLRequest? { request }

            """)
    }

    /// Case 5184 of seed 1: a byte order mark between `)` and `->` hid the return type, so the fix
    /// inserted a second one and the next run replaced the first.
    func testByteOrderMarkBeforeTheArrowIsFixedIdempotently() {
        assertFixIsIdempotentWithDisjointEdits("""
            func connection(_ c: URLConnection, willSend request: NSURLRequest,
                redirectResponse: URLResponse?)\u{FEFF} -> NSURLRequest? { request }

            """)
    }

    /// Case 233169 of seed 2026: in a file starting with a byte order mark and no import, the import
    /// went before the mark, which the next run read as part of `class`, and renamed the declaration.
    func testImportGoesAfterAByteOrderMark() {
        let source = "\u{FEFF}class NSURLConnection;\nif NSURLConnection.canHandleRequest(request) { }\n"
        assertFixIsIdempotentWithDisjointEdits(source)
        let fixed = SwiftShimEmitter().fix(Array(source.utf8))
        XCTAssertTrue(fixed.starts(with: [0xEF, 0xBB, 0xBF] + Array("import URLConnectionShim\n".utf8)))
    }

    /// Cases 634733 and 834414 of seed 2026: a line of `#` that starts no raw string was lexed again
    /// from each `#` (3.4 s for 58 KB in a release build); each `#` is punctuation, the last may
    /// still start a directive.
    func testARunOfPoundSignsIsLexedInLinearTime() {
        func source(pounds: Int) -> [UInt8] {
            Array(("let s = " + String(repeating: "#", count: pounds) + "selector(f)\n").utf8)
        }
        let tokens = SwiftLexer.tokens(in: source(pounds: 40_000))
        XCTAssertEqual(tokens.filter { $0.kind == .punctuation }.count, 39_999 + 3)
        XCTAssertEqual(tokens.filter { $0.kind == .directive }.count, 1)
        assertLinearTime(small: source(pounds: 5_000), large: source(pounds: 40_000)) { _ = SwiftLexer.tokens(in: $0) }
    }

    /// Case 35107 of seed 3: an unterminated `"""` in a return type ran to the file's end, and the
    /// return type's replacement took the final newline with it.
    func testUnterminatedStringInAReturnTypeIsLeftAlone() {
        let source = """
            func connection(_ c: URLConnection, willSend request: NSURLRequest,
                redirectResponse: URLResponse?) -> N\"\"\"SURLRequest? { request }

            """
        let fixed = String(decoding: SwiftShimEmitter().fix(Array(source.utf8)), as: UTF8.self)
        XCTAssertTrue(fixed.hasSuffix("-> N\"\"\"SURLRequest? { request }\n"), fixed)
        XCTAssertTrue(fixed.contains("willSend request: URLRequest,"), fixed)
    }

    /// Case 35930 of seed 3: `final class Fetcher: NSObject,` repeated on one line; each `class`
    /// scanned its inheritance list to the end of the file (0.38 s for 114 KB in a release build).
    func testBodilessClassDeclarationsOnOneLineParseInLinearTime() {
        func source(declarations: Int) -> [UInt8] {
            Array((String(repeating: "final class Fetcher: NSObject, NSURLConnectionDelegate,", count: declarations)
                + "\nclass Loader: NSURLConnectionDataDelegate { }\n").utf8)
        }
        let findings = SourceScanner().scan(source(declarations: 4_000), language: .swift, path: "Classes.swift")
        XCTAssertEqual(findings.filter { $0.ruleID == "nsurlconnection-delegate-conformance" }.map(\.line).last, 2)
        assertLinearTime(small: source(declarations: 500), large: source(declarations: 4_000)) {
            _ = SourceScanner().scan($0, language: .swift, path: "Classes.swift")
        }
    }

    /// Case 7976 of seed 19: `URLSession(configuration: .default, delegate: self,` repeated on one line,
    /// never closed; each creation's arguments and scope were read to the end of the file, by two rules.
    func testUnclosedSessionCreationsOnOneLineAreCheckedInLinearTime() {
        func source(creations: Int) -> [UInt8] {
            Array(("func f() {\n" + String(repeating: "let s = URLSession(configuration: .default, delegate: self, ", count: creations)
                + "\n}\n").utf8)
        }
        assertLinearTime(small: source(creations: 375), large: source(creations: 3_000)) { bytes in
            let findings = SourceScanner().scan(bytes, language: .swift, path: "Sessions.swift")
            XCTAssertEqual(findings.filter { $0.ruleID == "session-per-request" }, [])
        }
    }

    /// Cases 203 and 373 of seed 1: one suppression comment naming the same unknown "rule" thousands
    /// of times cost a suggestion search each (0.7 s for 130 KB in a release build); once per id now.
    func testRepeatedUnknownRuleInOneSuppressionCommentIsSuggestedOnce() throws {
        let tree = try CLITemporaryTree(self)
        for (directory, count) in [("small", 375), ("large", 3_000)] {
            let comment = String(repeating: "// migrate-scan:disable-line nsurlconnection-create", count: count)
            try tree.write(directory + "/Repeated.m", comment + "\n[NSURLConnection new];\n")
        }
        func scan(_ directory: String) -> CLIRun {
            CLIRun(
                ["--format", "json", "--no-config", "--fail-on", "never", directory], in: tree.root,
                command: MigrationScanCommand(currentDirectory: tree.root))
        }
        let run = scan("large")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout.components(separatedBy: "unknown rule 'nsurlconnection-create//'").count - 1, 2_999)
        assertLinearTime(small: "small", large: "large") { _ = scan($0) }
    }

    /// Case 6758 of seed 19: a `startLoading` left open inside
    /// another, both forwarding through NSURLConnection. The forwarding rewrite's edits conflicted
    /// with the renames and the fixer applied them together to decide the FoundationNetworking
    /// import: a trap. The conflict is now left to `--fix`, which reports it and writes nothing.
    func testNestedForwardingStartLoadingDoesNotTrap() throws {
        let source = """
            class CachingProtocol: URLProtocol {
                override func startLoading() {
                override func startLoading() {
                    connection = NSURLConnection(request: request, delegate: self)
                }
            }

            """
        let tree = try CLITemporaryTree(self)
        try tree.write("Protocol.swift", source)
        let diff = CLIRun(["--diff", "Protocol.swift"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertTrue(diff.status == 1 || diff.status == 2, diff.stderr)
        let fix = CLIRun(["--fix", "Protocol.swift"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertTrue(fix.status == 0 || fix.status == 2, fix.stderr)
    }

    /// Hunk headers: an insertion at the top of a file starts the new side at line 1, and a later
    /// hunk's new start counts only the lines the earlier hunks added (it counted the hunk's own).
    func testDiffHunkNewStartCountsOnlyEarlierHunks() {
        let original = Array((["class A {}"] + (1...20).map { "// \($0)" } + ["let c: NSURLConnection? = nil", ""]).joined(separator: "\n").utf8)
        let edits = SwiftShimEmitter().edits(for: original)
        let headers = String(decoding: UnifiedDiff(path: "A.swift", original: original, edits: edits).render(), as: UTF8.self)
            .split(separator: "\n").filter { $0.hasPrefix("@@") }
        XCTAssertEqual(headers.first?.hasPrefix("@@ -1,3 +1,"), true, "\(headers)")
        let inserted = headers.first.map { Int($0.split(separator: ",")[2].split(separator: " ")[0])! - 3 } ?? 0
        XCTAssertEqual(headers.last, "@@ -19,4 +\(19 + inserted),4 @@")
    }

    /// Case 5209 of seed 19: `canInit` declared again and again
    /// inside itself (a half-edited file). The handled-tag rule judged every nested copy and
    /// followed every copy as a helper of every other: 7 s for 44 KB. Now the outermost is judged.
    func testNestedCanInitIsJudgedOnceInLinearTime() {
        func source(nesting: Int) -> [UInt8] {
            let header = "class Forwarder: URLProtocol {\n"
            let nested = String(repeating: "    override class func canInit(with request: URLRequest) -> Bool {e ", count: nesting)
            return Array((header + nested + "true }\n    override func startLoading() { session.dataTask(with: request).resume() }\n}\n").utf8)
        }
        let scanner = SourceScanner(ruleIDs: ["urlprotocol-missing-handled-tag"])
        assertLinearTime(small: source(nesting: 75), large: source(nesting: 600)) { bytes in
            XCTAssertLessThanOrEqual(scanner.scan(bytes, language: .swift, path: "F.swift").count, 1)
        }
    }

    /// Case 9468 of seed 19: `#if false` inside a class's header. The missing-conformance fix
    /// inserted the protocol where the next run could not read it, and added it again.
    func testDirectiveInAClassHeaderGetsNoConformanceEdit() {
        assertFixIsIdempotentWithDisjointEdits("""
            class Loader:#if false
             NSObject {
                func start() { connection = NSURLConnection(request: request, delegate: self) }
                func connectionDidFinishLoading(_ connection: NSURLConnection) { }
            }

            """)
    }

    /// Cases 9058 and 514445 of seed 2028: a class header the parser reads only in part, a generic
    /// parameter list left open (`class Loade<r: NSObject {`) or a keyword inside the inheritance
    /// clause. The conformance went before the brace, where the next run did not read it, and was
    /// added again; such a header now gets no conformance edit.
    func testHeaderReadInPartGetsNoConformanceEdit() {
        for header in ["class Loade<r: NSObject {", "class Client: NSObject, Delegaequest:req delegate:self]\nte, Other {"] {
            assertFixIsIdempotentWithDisjointEdits("""
                \(header)
                    func start() { connection = NSURLConnection(request: request, delegate: self) }
                    func connectionDidFinishLoading(_ connection: NSURLConnection) { }
                }

                """)
        }
    }

    /// Case 15350 of seed 19: `func startLoading() {` declared inside itself 2,736 times in a URL
    /// protocol (77 s for 126 KB in a release build). Both URL-protocol rules asked every nested copy
    /// which functions of the file create a connection, reading every body each time (cubic), and
    /// the forwarding fix read every copy's body (quadratic); the outermost one is read once now.
    func testNestedStartLoadingIsCheckedAndFixedInLinearTime() {
        func source(nesting: Int) -> [UInt8] {
            let header = "class Stub: URLProtocol {\n    override class func canInit(with request: URLRequest) -> Bool { true }\n    "
            let nested = String(repeating: "func startLoading() { client?.urlProtocolDide ", count: nesting)
            return Array((header + nested + "connection = NSURLConnection(request: request, delegate: self) }\n}\n").utf8)
        }
        assertLinearTime(small: source(nesting: 150), large: source(nesting: 1_200)) { bytes in
            let findings = SourceScanner().scan(bytes, language: .swift, path: "Stub.swift")
            XCTAssertTrue(findings.contains {
                $0.ruleID == "urlprotocol-forwards-with-nsurlconnection" && $0.message.contains("with NSURLConnection")
            })
            XCTAssertEqual(findings.filter { $0.ruleID == "urlprotocol-missing-handled-tag" }.count, 1)
            let edits = SwiftShimEmitter().edits(for: bytes)
            XCTAssertEqual(edits.filter { $0.replacement == ProtocolForwardingRewrite.functionName }.count, 1)
        }
    }

    /// Case 19736 of seed 19, found once case 15350 was fixed: `n?.setDelegateQueue(queue)` 2,827
    /// times on one line (1.0x the time bound for 74 KB, 52 s at 16 times the repetitions). Each
    /// call read its method's body back to the start for a `start` of its receiver; the body's
    /// starts and assignments are now listed once, by name. The rule alone is timed, on files lexed
    /// before: the lexer's linear cost would hide the rule's.
    func testManyDelegateQueueCallsOnOneLineAreCheckedInLinearTime() {
        func file(calls: Int) -> ScannedFile {
            ScannedFile(bytes: Array(("func load() {\n    connection = NSURLConnection(request: request, delegate: self)\n    "
                + String(repeating: "connection?.setDelegateQueue(queue)", count: calls) + "\n}\n").utf8), language: .swift)
        }
        assertLinearTime(small: file(calls: 300), large: file(calls: 2_400)) { file in
            let matches = DelegateQueueAfterStartRule().check(file)
            XCTAssertEqual(matches.count, file.occurrences(of: .setDelegateQueue).count)
        }
    }

    /// Case 6087 of seed 19: `func connection(_ connection: NSURLConnection, didReceive data: Data) {`
    /// declared inside itself 2,903 times outside any type (1.3x the time bound for 206 KB). Each
    /// such method's body was read for a `super` call of its name; the file's `super` calls are now
    /// listed once, by name. The delegate methods alone are timed, on files lexed before.
    func testNestedDelegateFunctionsAreFoundInLinearTime() {
        func file(nesting: Int) -> ScannedFile {
            let nested = String(repeating: "func connection(_ connection: NSURLConnection, didReceive data: Data) {", count: nesting)
            let closing = String(repeating: "}", count: nesting)
            return ScannedFile(bytes: Array((nested + "super.connection(connection, didReceive: data)" + closing + "\n").utf8), language: .swift)
        }
        assertLinearTime(small: file(nesting: 300), large: file(nesting: 2_400)) { file in
            XCTAssertEqual(ConnectionDelegateTypes(file).methods(in: file).count, file.structure.methods.count)
        }
    }

    /// Case 344000 of seed 2028: a file whose first token is `NSURLConnection` (with a byte order
    /// mark or without). The import goes where that token starts, and `--fix` reported the import
    /// and the token's rename as overlapping edits (exit 2) and wrote nothing; the import goes
    /// before the renamed token, one edit.
    func testImportWhereTheFirstTokenIsRenamedIsNoConflict() throws {
        let call = ".sendAsynchronousRequest\u{FEFF}(req, queue: .main) { _, _, _ in }\n"
        for (prefix, name) in [("", "plain"), ("\u{FEFF}", "after a byte order mark")] {
            let source = prefix + "NSURLConnection" + call
            assertFixIsIdempotentWithDisjointEdits(source)
            let tree = try CLITemporaryTree(self)
            try tree.write("First.swift", source)
            let diff = CLIRun(["--diff", "--quiet", "First.swift"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
            XCTAssertEqual(diff.status, 1, "\(name): \(diff.stderr)")
            XCTAssertTrue(diff.stdout.hasSuffix("-\(source)+\(prefix)import URLConnectionShim\n+\n+URLConnection\(call)"), "\(name): \(diff.stdout)")
            let fix = CLIRun(["--fix", "--quiet", "First.swift"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
            XCTAssertEqual(fix.status, 0, "\(name): \(fix.stderr)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: tree.path("First.swift"))),
                           Data((prefix + "import URLConnectionShim\n\nURLConnection" + call).utf8), name)
        }
    }

    /// Cases 192000 and 610000 of seed 2028: Swift 2 files (`appendData(`, `NSURLResponse(URL:`) with
    /// edits to make. The command line leaves such a file untouched and prints a note; the in-process
    /// run (`SingleFileRun`, what scanner-fuzz checks) gave the edits and their diff. Both now take
    /// one decision (`FixDecision`), and the note is what `--diff` prints instead of a diff.
    /// Seed 2028 case 464207: `/NSURLConnection\` at a line's end began a regex literal whose
    /// escape skipped the line break, so the next line's tokens got the first line's number
    /// (a finding at 1:56 in a line of 35 bytes).
    func testABackslashBeforeALineBreakEndsABareRegexLiteral() {
        let source = "let legacyCall >= /NSURLConnection\\\nlet legacyCall >= /NSURLConnection\\\n.sendSynchronousReque"
        let findings = SourceScanner(ruleIDs: ["nsurlconnection-reference"]).scan(Array(source.utf8), language: .swift, path: "F.swift")
        XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["1:20", "2:20"])
    }

    func testSwift2FileIsLeftAloneInProcessAsOnTheCommandLine() throws {
        let source = Array("let c: NSURLConnection? = nil\nbuffer.appendData(data)\n".utf8)
        let run = SingleFileRun()
        XCTAssertEqual(run.fixEdits(source), [])
        let tree = try CLITemporaryTree(self)
        try tree.write("Old.swift", bytes: source)
        let diff = CLIRun(["--diff", "--quiet", "Old.swift"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertEqual(diff.stdout, run.swift2Note(source, path: "Old.swift"))
        XCTAssertTrue(diff.stdout.hasPrefix("Old.swift:2: note: not rewritten (Swift 2): 'appendData(' was removed"), diff.stdout)
        XCTAssertNil(run.swift2Note(Array("let c: NSURLConnection? = nil\n".utf8), path: "New.swift"))
    }

    /// Case 257220 of seed 2028: an Objective-C challenge method creating a credential for the trust
    /// thousands of times on one line (0.85 s for 105 KB, 6.6 times the bound): for each credential
    /// `trust-all-certificates` searched the whole body for an evaluation. A body is searched once.
    func testManyTrustCredentialsInOneMethodAreCheckedInLinearTime() {
        func file(credentials: Int) -> ScannedFile {
            let credential = "[ch.sender useCredential:[NSURLCredential credentialForTrust:ch.protectionSpace.serverTrust] forAuthenticationChallenge:ch];"
            let source = "- (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {\n"
                + String(repeating: credential, count: credentials) + "\n}\n"
            return ScannedFile(bytes: Array(source.utf8), language: .objectiveC)
        }
        let large = file(credentials: 800)
        XCTAssertEqual(TrustAllCertificatesRule().check(large).count, 800)
        assertLinearTime(small: file(credentials: 100), large: large) { _ = TrustAllCertificatesRule().check($0) }
    }

    /// Cases 299869 and 513977 of seed 2028: thousands of `import` keywords in a row (75 s for
    /// 217 KB). Looking for each import's module name skipped every keyword after it, the other
    /// imports, and decoded the long token after them once per import.
    func testALineOfImportKeywordsIsReadInLinearTime() {
        func placement(imports: Int) -> ImportPlacement {
            let source = String(repeating: "import ", count: imports) + "Foundation\nlet c: NSURLConnection? = nil\n"
            return ImportPlacement(stream: TokenStream(bytes: Array(source.utf8), language: .swift))
        }
        XCTAssertTrue(placement(imports: 2).importedModules.contains("Foundation"))
        assertLinearTime(small: placement(imports: 1_000), large: placement(imports: 8_000)) { _ = $0.importedModules }
    }

    /// Case 976242 of seed 2028: `class A: NSURLConnectionDelegate {` declared inside itself 1,648
    /// times around thousands of `deinit` (1.3 s for 182 KB): the methods of a type's spans were
    /// listed once per span that holds them, then sorted.
    func testATypeNestedInItselfListsItsMethodsInLinearTime() {
        func file(nesting: Int) -> ScannedFile {
            let source = String(repeating: "class A: NSURLConnectionDelegate {", count: nesting) + String(repeating: "deinit ", count: nesting)
            return ScannedFile(bytes: Array(source.utf8), language: .swift)
        }
        let large = file(nesting: 2_400)
        XCTAssertEqual(large.structure.methods(in: large.structure.types).count, 2_400)
        assertLinearTime(small: file(nesting: 300), large: large) { _ = $0.structure.methods(in: $0.structure.types) }
    }

    /// Case 959643 of seed 2028: `subscript(` nested 11,364 times in a file without braces (0.5 s
    /// for 233 KB): each subscript's search for its body read the rest of the file.
    func testFunctionsWithoutBodiesInAFileWithoutBracesParseInLinearTime() {
        func stream(functions: Int) -> TokenStream {
            let source = String(repeating: "subscript(", count: functions) + String(repeating: "a) ", count: functions) + "\n"
            return TokenStream(bytes: Array(source.utf8), language: .swift)
        }
        let large = stream(functions: 2_400)
        XCTAssertEqual(SourceStructure(large).methods.count, 2_400)
        assertLinearTime(small: stream(functions: 300), large: large) { _ = SourceStructure($0) }
    }
}
