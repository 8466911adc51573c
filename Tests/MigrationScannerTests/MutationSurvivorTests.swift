import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// The survivors of the mutation campaign outside the shim (Docs/Fuzzing.md): each test fails
/// with the one-line bug that survived, and passes with the code as it is.
final class MutationSurvivorTests: XCTestCase {
    /// NSURLConnection's `continueWithoutCredentialForAuthenticationChallenge:` goes on without a
    /// credential: `NSURLSessionAuthChallengeUseCredential` with nil, not default handling (which
    /// may use a stored credential); `rejectProtectionSpaceAndContinueWithChallenge:` rejects it.
    func testObjectiveCContinueWithoutCredentialAndRejectProtectionSpaceKeepTheirAnswers() {
        let source = """
            @implementation Loader
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
            {
                if (self.reject) { [challenge.sender rejectProtectionSpaceAndContinueWithChallenge:challenge]; return; }
                [[challenge sender] continueWithoutCredentialForAuthenticationChallenge:challenge];
            }
            @end
            """
        let bytes = Array(source.utf8)
        let text = String(decoding: SourceEdit.apply(ObjectiveCSessionFixer().fix(bytes).edits, to: bytes), as: UTF8.self)
        XCTAssertTrue(text.contains("if (self.reject) { completionHandler(NSURLSessionAuthChallengeRejectProtectionSpace, nil); return; }"), text)
        XCTAssertTrue(text.contains("    completionHandler(NSURLSessionAuthChallengeUseCredential, nil);\n}"), text)
    }

    /// An edit that ends where the next begins is no overlap: both apply.
    func testEditsThatTouchAreNoConflict() throws {
        let bytes = Array("abcdefgh".utf8)
        let edits = [SourceEdit(range: 5..<8, replacement: "Z"), SourceEdit(range: 0..<5, replacement: "Y")]
        let resolved = try EditConflict.resolve(edits).get()
        XCTAssertEqual(resolved, edits.reversed())
        XCTAssertEqual(String(decoding: SourceEdit.apply(resolved, to: bytes), as: UTF8.self), "YZ")
    }

    /// A class whose failure method sits right before `@end`: the method's removal ends where the
    /// session's methods are inserted, and the class moves.
    func testAFailureMethodRightBeforeEndMoves() {
        let source = """
            @implementation Loader
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { [self done]; }
            - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error { [self fail:error]; }
            @end

            """
        let bytes = Array(source.utf8)
        let outcome = ObjectiveCSessionFixer().fix(bytes)
        guard case .apply(let edits) = FixDecision(proposed: outcome.edits, for: ScannedFile(bytes: bytes, language: .objectiveC)) else {
            return XCTFail("the class's edits conflict: \(outcome.edits)")
        }
        let text = String(decoding: SourceEdit.apply(edits, to: bytes), as: UTF8.self)
        XCTAssertTrue(text.contains("didCompleteWithError:(NSError *)error") && !text.contains("didFailWithError"), text)
    }

    /// A baseline entry counts findings; an entry for none is a broken baseline, not one that hides nothing.
    func testABaselineEntryWithCountZeroIsRejected() {
        let entry = #"{"rule": "r", "path": "a.swift", "lineHash": "0123456789abcdef", "count": %d}"#
        for (count, accepted) in [(0, false), (-1, false), (1, true)] {
            let data = Data(#"{"version": 1, "findings": [\#(String(format: entry, count))]}"#.utf8)
            XCTAssertEqual((try? Baseline.parse(data, displayPath: "b.json")) != nil, accepted, "count \(count)")
        }
    }

    /// Percent-encoding writes every byte as two hex digits: a tab is `%09`, never `%9`.
    func testSARIFPathsEncodeBytesBelow16WithTwoDigits() {
        XCTAssertEqual(SARIFReporter.percentEncoded("a\tb/\u{1}.swift"), "a%09b/%01.swift")
    }
}
