import XCTest

extension XCTestCase {
    /// `work` on `large` (8 times `small`) takes less than 40 times what it takes on `small`: linear
    /// work takes about 8 times, the quadratic and cubic work these tests guard against hundreds.
    /// The best of three runs each, measured together, so neither a loaded machine nor one
    /// preempted run decides, as a wall-clock threshold would.
    func assertLinearTime<Input>(
        small: Input, large: Input, _ work: (Input) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) {
        func bestTime(_ input: Input) -> Duration {
            (0..<3).map { _ in ContinuousClock().measure { work(input) } }.min()!
        }
        let smallTime = bestTime(small)
        let largeTime = bestTime(large)
        XCTAssertLessThan(largeTime / smallTime, 40, "small: \(smallTime), 8 times as large: \(largeTime)", file: file, line: line)
    }
}
