import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

final class LexerPrefilterTests: XCTestCase {
    private let names = ["NSURLConnection", "canInit", "UIWebView", "sendSynchronousRequest"]

    /// `WordSet` indexes bits by `Word.ordinal`, read from the case's stored tag: it must be the
    /// case's position, in one byte; and each spelling must be the case's name.
    func testWordOrdinalsArePositionsInOneByte() {
        XCTAssertEqual(MemoryLayout<Word>.size, 1)
        XCTAssertEqual(Word.allCases.map(\.ordinal), Array(0..<Word.allCases.count))
        XCTAssertEqual(Word.allCases.map(\.spelling), Word.allCases.map { String(describing: $0) })
    }

    func testFindsEveryNameAtEveryAlignmentAndAtTheEdges() {
        let prefilter = NamePrefilter(names: names)
        for name in names {
            for padding in 0..<9 {
                let filler = String(repeating: "x", count: padding)
                XCTAssertTrue(prefilter.mayMatch(Array((filler + name).utf8)), "\(name) after \(padding)")
                XCTAssertTrue(prefilter.mayMatch(Array((filler + name + filler).utf8)), "\(name) inside \(padding)")
                XCTAssertFalse(prefilter.mayMatch(Array((filler + name.dropLast()).utf8)), "\(name) truncated")
            }
        }
    }

    /// The scan tests four windows a step and the tail of a buffer one window at a time: a name
    /// ending exactly at the end, or starting in the last step, must be found like any other.
    func testFindsEveryNameAtEveryOffsetOfABufferAndAtItsEnd() {
        let prefilter = NamePrefilter(names: names)
        for name in names {
            for length in name.utf8.count..<(name.utf8.count + 40) {
                for start in 0...(length - name.utf8.count) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes.replaceSubrange(start..<(start + name.utf8.count), with: Array(name.utf8))
                    XCTAssertTrue(prefilter.mayMatch(bytes), "\(name) at \(start) of \(length)")
                }
            }
        }
    }

    /// Buffers made of the names' own fragments hit the table often: the answer must still be
    /// exactly whether a name occurs.
    func testAgreesWithASubstringSearchOnBuffersOfNameFragments() {
        let prefilter = NamePrefilter(names: names)
        let fragments = names.flatMap { name in
            stride(from: 0, to: name.count, by: 3).map { String(name.dropFirst($0).prefix(5)) }
        } + [" ", "\n", "x", "é"]
        var generator = SeededGenerator(seed: 22)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                fragments.randomElement(using: &generator)!
            }.joined()
            let expected = names.contains { text.utf8.count >= $0.utf8.count && text.contains($0) }
            XCTAssertEqual(prefilter.mayMatch(Array(text.utf8)), expected, text)
        }
    }

    /// Thousands of names, some of whose windows share a hash: every name must still be found, and
    /// no text without one, whichever candidates share its window's hash.
    func testFindsEachOfThousandsOfNamesWhoseWindowsShareHashes() {
        var generator = SeededGenerator(seed: 23)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let manyNames = (0..<6_000).map { _ in
            String((0..<Int.random(in: 4...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
        }
        let prefilter = NamePrefilter(names: manyNames)
        for name in manyNames {
            XCTAssertTrue(prefilter.mayMatch(Array(("  (" + name + ")").utf8)), name)
        }
        let nameSet = Set(manyNames)
        for _ in 0..<2_000 {
            let text = Array((0..<12).map { _ in letters.randomElement(using: &generator)! })
            let expected = (0...text.count - 4).contains { start in
                (start + 4...min(start + 9, text.count)).contains { nameSet.contains(String(text[start..<$0])) }
            }
            XCTAssertEqual(prefilter.mayMatch(Array(String(text).utf8)), expected, String(text))
        }
    }

    /// Names whose window hashes to the first and the last slot: the bucket table's first entry and
    /// its end marker.
    func testFindsNamesInTheFirstAndLastHashSlots() {
        var generator = SeededGenerator(seed: 24)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        var byHash: [Int: String] = [:]
        while byHash[0] == nil || byHash[65_535] == nil {
            let bytes = (0..<4).map { _ in letters.randomElement(using: &generator)! }
            let hash = NamePrefilter.hash(NamePrefilter.window(bytes, at: 0))
            if hash == 0 || hash == 65_535 { byHash[hash] = String(decoding: bytes, as: UTF8.self) }
        }
        let edgeNames = [byHash[0]!, byHash[65_535]!]
        let prefilter = NamePrefilter(names: edgeNames + ["NSURLConnection"])
        for name in edgeNames {
            XCTAssertTrue(prefilter.mayMatch(Array(("x " + name + " y").utf8)), name)
            XCTAssertFalse(prefilter.mayMatch(Array(("x " + name.dropLast() + " y").utf8)), name)
        }
    }

    func testALongNameAloneIsFoundAtEveryAlignmentWithAWideStride() {
        let prefilter = NamePrefilter(names: ["migrate-scan:"])
        for padding in 0..<24 {
            let filler = String(repeating: "y", count: padding)
            XCTAssertTrue(prefilter.mayMatch(Array((filler + "// migrate-scan:disable" + filler).utf8)), "after \(padding)")
            XCTAssertFalse(prefilter.mayMatch(Array((filler + "// migrate-scan disable" + filler).utf8)), "no colon, \(padding)")
        }
    }

    func testRejectsFilesWithoutAnyName() {
        let prefilter = NamePrefilter(names: names)
        XCTAssertFalse(prefilter.mayMatch([]))
        XCTAssertFalse(prefilter.mayMatch(Array("let session = URLSession.shared // NSURL Connection canIni".utf8)))
    }

    func testScannerSkipsFilesTheRulesCannotMatch() {
        let clean = Array(String(repeating: "let value = compute(x) + other.value // plain code\n", count: 1_000).utf8)
        XCTAssertEqual(SourceScanner().scan(clean, language: .swift, path: "clean.swift"), [])
        let scanner = SourceScanner(ruleIDs: ["uiwebview"])
        XCTAssertEqual(scanner.scan(Array("var c: NSURLConnection?".utf8), language: .swift, path: "a.swift"), [])
        XCTAssertEqual(scanner.scan(Array("var w: UIWebView?".utf8), language: .swift, path: "a.swift").count, 1)
    }
}
