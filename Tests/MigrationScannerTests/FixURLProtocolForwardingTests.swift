import XCTest

@testable import MigrationScanner

/// An Objective-C NSURLProtocol that forwards its request with NSURLConnection moves to one
/// session for the class, whose router hands each call to the instance whose task it is; the
/// calls are performed on the thread that started loading, where the protocol's client expects
/// them. Tests/ObjectiveCProof/Fixtures/35 and 36 run such protocols under GNUstep.
final class FixURLProtocolForwardingTests: XCTestCase {
    private func fixed(_ files: [String]) -> (texts: [String], notes: [String]) {
        let survey = ObjectiveCSessionFixer.survey(files.map { Array($0.utf8) })
        let outcomes = files.map { ObjectiveCSessionFixer(survey: survey).fix(Array($0.utf8)) }
        return (zip(files, outcomes).map { String(decoding: SourceEdit.apply($1.edits, to: Array($0.utf8)), as: UTF8.self) },
                outcomes.flatMap { $0.notes.map(\.reason) })
    }

    private func protocolSource(startLoading: String, extra: String = "") -> String {
        """
        @interface Forwarding : NSURLProtocol <NSURLConnectionDataDelegate>
        @property (nonatomic, strong) NSURLConnection *connection;
        @end

        @implementation Forwarding
        + (BOOL)canInitWithRequest:(NSURLRequest *)request { return [NSURLProtocol propertyForKey:@"Handled" inRequest:request] == nil; }
        - (void)startLoading {
        \(startLoading)
        }
        - (void)stopLoading { [self.connection cancel]; }
        - (void)connection:(NSURLConnection *)c didReceiveResponse:(NSURLResponse *)r {
            [self.client URLProtocol:self didReceiveResponse:r cacheStoragePolicy:NSURLCacheStorageNotAllowed];
        }
        - (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)d { [self.client URLProtocol:self didLoadData:d]; }
        - (void)connectionDidFinishLoading:(NSURLConnection *)c { [self.client URLProtocolDidFinishLoading:self]; }
        \(extra)@end

        """
    }

    private let forwardingStart = """
            NSMutableURLRequest *request = [self.request mutableCopy];
            [NSURLProtocol setProperty:@YES forKey:@"Handled" inRequest:request];
            self.connection = [NSURLConnection connectionWithRequest:request delegate:self];
        """

    func testAForwardingProtocolGetsTheSessionOfItsClassAndItsCallsOnTheLoadingThread() throws {
        let source = protocolSource(startLoading: forwardingStart)
        let result = fixed([source])
        XCTAssertEqual(result.notes, [])
        let text = try XCTUnwrap(result.texts.first)
        // One session for the class, made by the router, with a configuration that does not list the protocol.
        XCTAssertTrue(text.contains("@interface ForwardingSessionRouter : NSObject <NSURLSessionDataDelegate>"), text)
        XCTAssertEqual(text.components(separatedBy: "sessionWithConfiguration:").count, 2, "one session, in the router")
        XCTAssertFalse(text.contains("protocolClasses"), text)
        XCTAssertFalse(text.contains("_connectionSession;"), "no session per instance")
        XCTAssertTrue(text.contains("NSURLSessionDataTask *task = [ForwardingSessionRouter dataTaskWithRequest:request "
            + "forProtocol:(id<NSURLSessionDataDelegate>)self];"), text)
        // The loading thread is recorded when the task is made, and each call is performed there.
        XCTAssertTrue(text.contains("[self scheduleSessionDeliveryInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];"), text)
        XCTAssertTrue(text.contains("""
                [self performSessionDelivery:^{
                    [self connection:c didReceiveData:d];
                } unlessCancelled:c];
            """), text)
        // The router forwards the methods the class has, and the completion, which ends the route,
        // each on the task's own queue: one instance waiting for its thread holds up no other.
        for forwarded in ["dataTask:dataTask didReceiveResponse:response", "dataTask:dataTask didReceiveData:data",
                          "task:task willPerformHTTPRedirection:response", "task:task didCompleteWithError:error"] {
            let task = forwarded.hasPrefix("dataTask") ? "dataTask" : "task"
            XCTAssertTrue(text.contains("[self forTask:\(task) deliver:^(id<NSURLSessionDataDelegate> protocol) {\n"
                + "        [protocol URLSession:session \(forwarded)"), forwarded)
        }
        XCTAssertTrue(text.contains("queue.maxConcurrentOperationCount = 1;"), text)
        XCTAssertFalse(text.contains("willCacheResponse"), "no forwarding for a method the class lacks")
        XCTAssertEqual(fixed([text]).texts, [text], "a second --fix changes nothing")
    }

    func testARescanOfTheMovedProtocolFindsNoConnectionAndNeverAsksToListItInItsOwnSession() throws {
        let text = try XCTUnwrap(fixed([protocolSource(startLoading: forwardingStart)]).texts.first)
        let findings = SourceScanner().scan(Array(text.utf8), language: .objectiveC, path: "Forwarding.m")
        // What is left is the inventory of the protocol's code, which every migration reviews.
        XCTAssertEqual(Set(findings.map(\.ruleID)), ["urlprotocol-inventory"])
        XCTAssertTrue(findings.allSatisfy { $0.message.contains("never in its own forwarding session's") }, "\(findings.map(\.message))")
    }

    func testAProtocolWhoseHeaderIsAnotherFileMovesToo() throws {
        let header = "@interface Forwarding : NSURLProtocol\n@end\n"
        let source = "#import \"Forwarding.h\"\n@implementation Forwarding\n"
            + "- (void)startLoading { self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self]; }\n"
            + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { [self.client URLProtocolDidFinishLoading:self]; }\n@end\n"
        let survey = ObjectiveCSessionFixer.survey([Array(header.utf8), Array(source.utf8)])
        XCTAssertEqual(survey.movedClasses, ["Forwarding"])
        let result = fixed([header, source])
        XCTAssertEqual(result.notes, [])
        let text = try XCTUnwrap(result.texts.last)
        XCTAssertTrue(text.contains("[ForwardingSessionRouter dataTaskWithRequest:request forProtocol:(id<NSURLSessionDataDelegate>)self]"), text)
    }

    func testAProtocolThatCannotSayWhichThreadLoadsStays() {
        let cases: [(source: String, note: String)] = [
            (protocolSource(startLoading: "    [self go];", extra: "- (void)go { self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self]; }\n"),
             "creates a connection outside -startLoading"),
            (protocolSource(startLoading: "    dispatch_async(q, ^{ self.connection = [NSURLConnection connectionWithRequest:self.request delegate:self]; });"),
             "creates a connection outside -startLoading (or in a block)"),
            (protocolSource(startLoading: forwardingStart,
                            extra: "- (BOOL)connectionShouldUseCredentialStorage:(NSURLConnection *)c { return NO; }\n"),
             "answers connectionShouldUseCredentialStorage:"),
            (protocolSource(startLoading: """
                    self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self startImmediately:NO];
                    [self.connection setDelegateQueue:[NSOperationQueue mainQueue]];
                    [self.connection start];
                """), "delivers on a queue of its own"),
        ]
        for (source, note) in cases {
            let result = fixed([source])
            XCTAssertEqual(result.texts, [source], note)
            XCTAssertTrue(result.notes.contains { $0.contains("Forwarding is an NSURLProtocol") && $0.contains(note) }, "\(result.notes)")
        }
    }

    /// NSURLProtocol makes an instance per request: under manual retain/release, what the delivery
    /// to its thread retained would leak with each one.
    func testTheDeliverysInstanceVariablesAreReleasedInDeallocUnderManualRetainRelease() throws {
        let releases = """
            #if !__has_feature(objc_arc)
                [_connectionSessionThread release];
                [_connectionSessionModes release];
                [_connectionSessionPort release];
            #endif
            """
        let withDealloc = try XCTUnwrap(fixed([protocolSource(startLoading: forwardingStart,
                                                              extra: "- (void)dealloc\n{\n    [_cache release];\n    [super dealloc];\n}\n")]).texts.first)
        XCTAssertTrue(withDealloc.contains("- (void)dealloc\n{\n" + releases + "\n    [_cache release];\n    [super dealloc];\n}\n"), withDealloc)
        XCTAssertEqual(withDealloc.components(separatedBy: "- (void)dealloc").count, 2, "no second dealloc")
        let without = try XCTUnwrap(fixed([protocolSource(startLoading: forwardingStart)]).texts.first)
        XCTAssertTrue(without.contains("#if !__has_feature(objc_arc)\n// Releases what the session's delivery to this class's thread retained.\n"
            + "- (void)dealloc\n{\n" + releases.replacingOccurrences(of: "#if !__has_feature(objc_arc)\n", with: "")
                .replacingOccurrences(of: "#endif", with: "") + "    [super dealloc];\n}\n#endif\n"), without)
        XCTAssertEqual(fixed([withDealloc]).texts, [withDealloc], "a second --fix changes nothing")
    }

    /// `-Wshadow-ivar`: the locals the added code declares never hide the class's instance variables.
    func testTheAddedLocalsAreRenamedAroundTheClasssInstanceVariables() throws {
        let cancelling = "- (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)a {\n"
            + "    [a.sender cancelAuthenticationChallenge:a];\n}\n"
        let source = protocolSource(startLoading: forwardingStart, extra: cancelling)
            .replacingOccurrences(of: "@implementation Forwarding\n", with: "@implementation Forwarding {\n    NSCondition *condition;\n    id key;\n}\n")
        let text = try XCTUnwrap(fixed([source]).texts.first)
        XCTAssertTrue(text.contains("NSCondition *sessionCondition = [[NSCondition alloc] init];"), text)
        XCTAssertTrue(text.contains("NSValue *sessionKey = [NSValue valueWithNonretainedObject:task];"), text)
        XCTAssertFalse(text.contains("NSCondition *condition ="), text)
    }

    func testTheRouterForwardsTheChallengeOfAProtocolThatAnswersOne() throws {
        let challenge = "- (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)a {\n"
            + "    [a.sender continueWithoutCredentialForAuthenticationChallenge:a];\n}\n"
        let text = try XCTUnwrap(fixed([protocolSource(startLoading: forwardingStart, extra: challenge)]).texts.first)
        XCTAssertTrue(text.contains("[protocol URLSession:session task:task didReceiveChallenge:challenge completionHandler:completionHandler];"), text)
        XCTAssertTrue(text.contains("if ([self sessionDeliveryIsOnAnotherThread])"), "the challenge is answered on the loading thread")
    }
}
