import XCTest

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
        - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
            SecTrustRef serverTrust = challenge.protectionSpace.serverTrust;
            if (\(condition)) {
                NSURLCredential *credential = [NSURLCredential credentialForTrust:serverTrust];
                [[challenge sender] useCredential:credential forAuthenticationChallenge:challenge];
            } else {
                SecTrustResultType result = 0;
                OSStatus status = SecTrustEvaluate(serverTrust, &result);
                if (status == errSecSuccess && (result == kSecTrustResultUnspecified || result == kSecTrustResultProceed)) {
                    [[challenge sender] useCredential:[NSURLCredential credentialForTrust:serverTrust] forAuthenticationChallenge:challenge];
                } else {
                    [[challenge sender] cancelAuthenticationChallenge:challenge];
                }
            }
        }
        """
    }

    func test_trust_all_certificates_aCredentialInABranchAnAllowInvalidFlagTakesIsReported() {
        XCTAssertEqual(trustFindings(challengeMethod("self.allowsInvalidSSLCertificate")), ["4:56"])
        XCTAssertEqual(trustFindings(challengeMethod("_trustAllCertificates")), ["4:56"])
    }

    func test_trust_all_certificates_aNegatedOrUnrelatedFlagIsNot() {
        XCTAssertEqual(trustFindings(challengeMethod("!self.allowsInvalidSSLCertificate")), [])
        XCTAssertEqual(trustFindings(challengeMethod("self.isCancelled")), [])
    }
}
