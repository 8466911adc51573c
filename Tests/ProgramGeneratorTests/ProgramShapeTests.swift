import XCTest

@testable import ProgramGenerator
import SeededRandomness

/// The grammar of program-fuzz: every shape class the campaigns count is produced, and a
/// program's text depends only on its shape.
final class ProgramShapeTests: XCTestCase {
    private func shapes(_ count: Int) -> [ProgramShape] {
        var random = SeededRandom(seed: 1)
        return (0..<count).map { _ in ProgramShape.random(using: &random) }
    }

    func testTwoThousandShapesCoverEveryShapeClass() {
        let classes = Set(shapes(2000).flatMap(\.classes))
        var expected = ProgramShape.Entry.allCases.map { "entry=\($0.rawValue)" }
            + ["body", "status", "refused", "timeout"].map { "exchange=\($0)" }
            + ProgramShape.RedirectAnswer.allCases.map { "exchange=redirect-\($0.rawValue)" }
            + ProgramShape.ChallengeAnswer.allCases.map { "exchange=challenge-\($0.rawValue)" }
            + ProgramShape.UploadKind.allCases.map { "exchange=upload-\($0.rawValue)" }
        expected += ProgramShape.Method.allCases.map { "method=\($0.rawValue)" }
            + ProgramShape.CancelPoint.allCases.map { "cancel=\($0.rawValue)" }
            + ProgramShape.Argument.allCases.map { "argument=\($0.rawValue)" }
            + ProgramShape.Delivery.allCases.map { "delivery=\($0.rawValue)" }
            + ["connections=1", "connections=2", "self-sent-failure", "subclass"]
        XCTAssertEqual(Set(expected).subtracting(classes), [])
    }

    /// Two uploads at once are generated, but never two that share one body stream: a stream is
    /// read once, so the second connection would send an empty body whatever the stack.
    func testTwoUploadsAtOnceNeverShareABodyStream() {
        let twoUploads = shapes(2000).filter { shape in
            if case .upload = shape.exchange { return shape.connections == 2 }
            return false
        }
        XCTAssertTrue(twoUploads.contains { $0.exchange == .upload(.httpBody) && $0.argument != .expression })
        XCTAssertTrue(twoUploads.contains { $0.exchange == .upload(.bodyStream) })
        XCTAssertTrue(twoUploads.allSatisfy { $0.exchange == .upload(.httpBody) || $0.argument == .expression })
    }

    func testAProgramIsItsShapeAndEverySimplerShapeDiffersFromIt() {
        for (index, shape) in shapes(200).enumerated() {
            XCTAssertEqual(SwiftProgramWriter.program(shape, index: index), SwiftProgramWriter.program(shape, index: index))
            XCTAssertEqual(ObjectiveCProgramWriter.program(shape, index: index), ObjectiveCProgramWriter.program(shape, index: index))
            XCTAssertTrue(SwiftProgramWriter.program(shape, index: index).contains("class \(ProgramText.className(index))"))
            XCTAssertFalse(shape.simplerShapes.contains(shape), shape.summary)
        }
        XCTAssertEqual(ProgramShape.simplest.simplerShapes, [])
    }
}
