import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `trust-all-certificates` on the shape of RestKit's vendored AFNetworking 1
/// (`AFRKURLConnectionOperation.m`, line 664 at RestKit's 0.27.3): a credential for the server
/// trust in a branch a property turns on, in a method that evaluates the trust on its other branch.
final class TrustAllCertificatesBranchTests: XCTestCase {
    private func trustFindings(_ source: String) -> [String] {
        SourceScanner(ruleIDs: ["trust-all-certificates"]).scan(Array(source.utf8), language: .objectiveC, path: "f.m")
            .map { "\($0.line):\($0.column)" }
    }

    private func challengeMethod(_ condition: String) -> String {
        """
        - (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)ch {
            NSURLProtectionSpace *space = ch.protectionSpace;
            if (\(condition)) {
                [ch.sender useCredential:[NSURLCredential credentialForTrust:space.serverTrust] forAuthenticationChallenge:ch];
                return;
            }
            if (SecTrustEvaluateWithError(space.serverTrust, NULL)) {
                [ch.sender useCredential:[NSURLCredential credentialForTrust:space.serverTrust] forAuthenticationChallenge:ch];
            } else {
                [ch.sender cancelAuthenticationChallenge:ch];
            }
        }
        """
    }

    func test_trust_all_certificates_aCredentialInABranchAnAllowInvalidFlagTakesIsReported() {
        XCTAssertEqual(trustFindings(challengeMethod("self.allowsInvalidSSLCertificate")), ["4:51"])
        XCTAssertEqual(trustFindings(challengeMethod("_trustAllCertificates")), ["4:51"])
    }

    func test_trust_all_certificates_aNegatedOrUnrelatedFlagIsNot() {
        XCTAssertEqual(trustFindings(challengeMethod("!self.allowsInvalidSSLCertificate")), [])
        XCTAssertEqual(trustFindings(challengeMethod("self.isCancelled")), [])
    }
}
