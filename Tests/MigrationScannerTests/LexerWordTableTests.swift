import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// The two searches every identifier goes through: where it ends (eight bytes at a time) and which
/// word it spells (a hash of its ends, then the bytes compared).
final class LexerWordTableTests: XCTestCase {
    /// Every byte value at every position of an eight-byte word, and in the tail shorter than one:
    /// the identifier ends exactly where `ByteClass.isIdentifierContinue` says.
    func testIdentifierEndAgreesWithTheByteClassForEveryByteAnywhere() {
        for length in [3, 16] {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    let end = bytes.withUnsafeBufferPointer { ByteSearch.identifierEnd(in: $0, from: 0) }
                    let expected = ByteClass.isIdentifierContinue(UInt8(value)) ? length : position
                    XCTAssertEqual(end, expected, "byte \(value) at \(position) of \(length)")
                }
            }
        }
    }

    /// Each word is found wherever its spelling lies (far from the buffer's end or at it, where the
    /// hash reads its bytes one by one), and a spelling one byte longer, shorter or different is not.
    func testEveryWordIsFoundAndNoNearMiss() {
        let table = WordTable.shared
        func lookUp(_ spelling: [UInt8], followedBy padding: Int) -> Word? {
            let bytes = Array(" ".utf8) + spelling + [UInt8](repeating: UInt8(ascii: " "), count: padding)
            return bytes.withUnsafeBufferPointer { table.lookUp($0, 1, 1 + spelling.count, language: .swift)?.word }
        }
        let words = Set(Word.allCases.map(\.spelling))
        for word in Word.allCases {
            let spelling = Array(word.spelling.utf8)
            for padding in [0, 3, 16] {
                XCTAssertEqual(lookUp(spelling, followedBy: padding), word, "\(word) with \(padding) bytes after it")
            }
            var changed = spelling
            changed[changed.count - 1] ^= 0x01
            for nearMiss in [spelling + Array("x".utf8), Array(spelling.dropLast()), changed]
            where !words.contains(String(decoding: nearMiss, as: UTF8.self)) {
                for padding in [0, 16] {
                    XCTAssertNil(lookUp(nearMiss, followedBy: padding), "\(String(decoding: nearMiss, as: UTF8.self))")
                }
            }
        }
    }

    /// `textContains(_:lowercased:)` agrees with `text.lowercased().contains(piece)` on identifiers
    /// with other characters: the Kelvin sign, `İ`, accented letters, and invalid bytes.
    func testTextContainsAgreesWithLowercasingTheText() {
        let identifiers: [[UInt8]] = [
            Array("chec\u{212A}Trust".utf8), Array("\u{130}nvalidCert".utf8), Array("év\u{130}aluateTrust".utf8),
            Array("ﬁxTRUST".utf8), Array("VALİDATE".utf8), Array("isValidÄTrust".utf8),
            Array("ver".utf8) + [0xFF, 0xC4] + Array("ifyTrust".utf8), Array("check".utf8) + [0xE2, 0x84] + Array("trust".utf8),
        ]
        let pieces: [StaticString] = ["check", "trust", "invalid", "cert", "evaluate", "validate", "verify", "isvalid", "i"]
        for identifier in identifiers {
            let stream = TokenStream(bytes: identifier, language: .objectiveC)
            XCTAssertEqual(stream.count, 1, "\(identifier)")
            for piece in pieces {
                XCTAssertEqual(stream.textContains(0, lowercased: piece), stream.text(0).lowercased().contains(piece.description),
                               "\(stream.text(0)) \(piece)")
            }
        }
    }
}
