import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--fix` and `--diff` take time linear in a class's size: a class with thousands of methods
/// whose connection parameters both stages edit (onto the shim, then onto URLSession) took minutes
/// for a few megabytes, composing each stage's edits with every other's.
final class FixLinearTimeTests: XCTestCase {
    /// `count` lines `let a: NSOld = x`, the edits of a first stage (`NSOld` → `Shim`) and of a
    /// second one on its result (`Shim` → `Session`, `x` → `y`).
    private func stages(_ count: Int) -> (original: [UInt8], first: [SourceEdit], then: [SourceEdit]) {
        let line = "let a: NSOld = x\n"
        let original = Array(String(repeating: line, count: count).utf8)
        let first = (0..<count).map { SourceEdit(range: ($0 * 17 + 7)..<($0 * 17 + 12), replacement: "Shim") }
        let then = (0..<count).flatMap { index in
            [SourceEdit(range: (index * 16 + 7)..<(index * 16 + 11), replacement: "Session"),
             SourceEdit(range: (index * 16 + 14)..<(index * 16 + 15), replacement: "y")]
        }
        return (original, first, then)
    }

    func testComposingTwoStagesOfThousandsOfEditsTakesLinearTime() {
        let small = stages(250)
        let composed = SourceEdit.composed(small.first, then: small.then, original: small.original)
        XCTAssertEqual(String(decoding: SourceEdit.apply(composed, to: small.original), as: UTF8.self),
                       String(repeating: "let a: Session = y\n", count: 250))
        assertLinearTime(small: small, large: stages(2_000)) { stages in
            _ = SourceEdit.composed(stages.first, then: stages.then, original: stages.original)
        }
    }
}
