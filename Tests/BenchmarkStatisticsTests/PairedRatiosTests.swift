import BenchmarkStatistics
import XCTest

final class PairedRatiosTests: XCTestCase {
    func testMedianOfOddAndEvenCountsAndOfNothing() {
        XCTAssertEqual(Median.of([3, 1, 2]), 2)
        XCTAssertEqual(Median.of([4, 1, 3, 2]), 2.5)
        XCTAssertEqual(Median.of([]), 0)
    }

    /// The range's ranks follow the binomial tail: none below six rounds (P(B = 0) = 1/32 > 0.025
    /// at five), the extremes from six to eight, the 8th from each end at 25 rounds (P(B < 8) =
    /// 0.0216, P(B < 9) = 0.0539).
    func testConfidenceRangeRanksFollowTheBinomialTail() {
        func range(_ count: Int) -> ClosedRange<Double>? {
            PairedRatios((1...count).map(Double.init).shuffled()).confidenceRange
        }
        XCTAssertNil(range(5))
        XCTAssertEqual(range(6), 1...6)
        XCTAssertEqual(range(8), 1...8)
        XCTAssertEqual(range(9), 2...8)
        XCTAssertEqual(range(25), 8...18)
        XCTAssertNil(PairedRatios([]).confidenceRange)
    }

    func testFormattedShowsTheRangeWhenThereIsOne() {
        XCTAssertEqual(PairedRatios([1.2, 1.0, 1.1]).formatted(digits: 2), "1.10")
        XCTAssertEqual(PairedRatios([1.5, 1.0, 1.1, 1.2, 1.3, 1.4]).formatted(digits: 3), "1.250 (1.000–1.500)")
    }
}
