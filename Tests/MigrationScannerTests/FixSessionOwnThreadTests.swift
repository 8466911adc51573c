import XCTest

@testable import MigrationScanner

/// A connection scheduled in the current run loop of a thread the class owns, where the class
/// runs other work too (AFNetworking 1.x's operation): the delegate methods stay under their
/// selectors and the session's perform them on that thread. Tests/ObjectiveCProof's fixture 29
/// runs the shape under GNUstep.
final class FixSessionOwnThreadTests: XCTestCase {
    private func fixed(_ source: String) -> (text: String, notes: [String]) {
        let bytes = Array(source.utf8)
        let outcome = ObjectiveCSessionFixer(survey: .init()).fix(bytes)
        return (String(decoding: SourceEdit.apply(outcome.edits, to: bytes), as: UTF8.self), outcome.notes.map(\.reason))
    }

    /// The operation's shape; `schedulings` are the statements in the loop over its modes, `cancel`
    /// the body of its `-cancel`.
    private func operation(
        schedulings: String = "[self.connection scheduleInRunLoop:runLoop forMode:mode];\n        [self.stream scheduleInRunLoop:runLoop forMode:mode];",
        cancel: String = "[self performSelector:@selector(cancelConnection) onThread:self.thread withObject:nil waitUntilDone:NO];"
    ) -> String {
        """
        @interface Operation : NSObject
        @property (nonatomic, strong) NSURLConnection *connection;
        @end
        @implementation Operation
        - (void)operationDidStart {
            self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self startImmediately:NO];
            NSRunLoop *runLoop = [NSRunLoop currentRunLoop];
            for (NSString *mode in self.runLoopModes) {
                \(schedulings)
            }
            [self.connection start];
        }
        - (void)cancel {
            \(cancel)
        }
        - (void)cancelConnection {
            [self.connection cancel];
        }
        - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
            [self.stream write:data.bytes maxLength:data.length];
        }
        - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            [self.stream close];
        }
        @end

        """
    }

    func testTheScheduledThreadRecordsItselfAndTheSessionsMethodsPerformTheKeptOnesThere() {
        let result = fixed(operation())
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
                for (NSString *mode in self.runLoopModes) {
                    [self scheduleSessionDeliveryInRunLoop:runLoop forMode:mode];
                    [self.stream scheduleInRunLoop:runLoop forMode:mode];
                }
                [self.connection resume];
            """), result.text)
        XCTAssertTrue(result.text.contains("""
            @implementation Operation {
                NSURLSession *_connectionSession;
                NSUInteger _connectionSessionTaskCount;
                NSThread *_connectionSessionThread;
                NSMutableArray *_connectionSessionModes;
            }
            """), result.text)
        // The old methods stay, taking the task; the session's perform them on the thread.
        XCTAssertTrue(result.text.contains("- (void)connection:(NSURLSessionDataTask *)connection didReceiveData:(NSData *)data {"), result.text)
        XCTAssertTrue(result.text.contains("""
            - (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)connection didReceiveData:(NSData *)data
            {
                [self performSessionDelivery:^{
                    [self connection:connection didReceiveData:data];
                } unlessCancelled:connection];
            }
            """), result.text)
        XCTAssertTrue(result.text.contains("""
                if (error == nil) {
                    [self performSessionDelivery:^{
                        [self connectionDidFinishLoading:(NSURLSessionDataTask *)task];
                    } unlessCancelled:nil];
                }
            """), result.text)
        XCTAssertTrue(result.text.contains(
            "[self performSelector:@selector(runSessionDelivery:) onThread:thread withObject:performed waitUntilDone:NO modes:modes];"),
            result.text)
        XCTAssertTrue(result.text.contains("""
                while (!ran && (task == nil || task.state == NSURLSessionTaskStateRunning) && ![thread isFinished]) {
                    [condition waitUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
                }
            """), result.text)
        XCTAssertTrue(result.text.contains("if (task == nil || task.state != NSURLSessionTaskStateCanceling) {"), result.text)
        XCTAssertFalse(result.text.contains("_connectionSessionPort"), "its thread runs its run loop itself: \(result.text)")
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    func testPerformingOnTheThreadIsOtherWorkThereAsAStreamIs() {
        let result = fixed(operation(schedulings: "[self.connection scheduleInRunLoop:runLoop forMode:mode];"))
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("[self scheduleSessionDeliveryInRunLoop:runLoop forMode:mode];"), result.text)
    }

    /// Nothing else of the class on the thread: the scheduling is left to the serial queue's case
    /// (right after a deferred creation), which this is not; another run loop, or one assigned
    /// twice, is not the current one.
    func testWithoutOtherWorkOnTheThreadOrOnAnotherRunLoopTheClassStays() {
        let note = "scheduleInRunLoop:forMode: moves only on the main run loop"
        for source in [
            operation(schedulings: "[self.connection scheduleInRunLoop:runLoop forMode:mode];", cancel: "[self cancelConnection];"),
            operation(schedulings: "[self.connection scheduleInRunLoop:self.runLoop forMode:mode];\n        [self.stream scheduleInRunLoop:self.runLoop forMode:mode];"),
            operation(schedulings: "[self.connection scheduleInRunLoop:runLoop forMode:mode];\n        [self.stream scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:mode];"),
            operation().replacingOccurrences(of: "[self.connection start];", with: "runLoop = [NSRunLoop mainRunLoop];\n    [self.connection start];"),
        ] {
            let result = fixed(source)
            XCTAssertEqual(result.text, source)
            XCTAssertTrue(result.notes.contains { $0.contains(note) }, "\(result.notes)")
        }
    }

    /// AFNetworking 1.x hands its connection to blocks of the caller's, declared with block types
    /// (a typedef in the file, the setter's parameter): their connection parameter becomes `id`, which
    /// a block written for `NSURLConnection *` (its suite's) and one for the task both fit.
    func testABlockTypesConnectionParameterBecomesIdSoThatCallersBlocksStillFit() {
        let source = "typedef NSURLRequest * (^RedirectBlock)(NSURLConnection *connection, NSURLRequest *request);\n"
            + "typedef void (^Unrelated)(NSURLConnection *connection);\n"
            + operation().replacingOccurrences(of: "@property (nonatomic, strong) NSURLConnection *connection;", with: """
            @property (nonatomic, strong) NSURLConnection *connection;
            @property (nonatomic, copy) RedirectBlock redirect;
            - (void)setCacheBlock:(NSCachedURLResponse * (^)(NSURLConnection*, NSCachedURLResponse *))block;
            """)
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.hasPrefix("typedef NSURLRequest * (^RedirectBlock)(id connection, NSURLRequest *request);\n"
            + "typedef void (^Unrelated)(NSURLConnection *connection);\n"), result.text)
        XCTAssertTrue(result.text.contains("@property (nonatomic, strong) NSURLSessionDataTask *connection;"), result.text)
        XCTAssertTrue(result.text.contains("- (void)setCacheBlock:(NSCachedURLResponse * (^)(id, NSCachedURLResponse *))block;"), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    /// SDWebImage 3.x's downloader operation: it starts its connection, then runs the current run
    /// loop until a delegate method stops it (the GNUstep form of the wait too: fixture 31). The
    /// task's creation records the thread and keeps its run loop running with a port until the task
    /// ends; the session's methods perform the kept ones there, the stop included.
    func testAClassThatRunsItsRunLoopAfterStartingItsConnectionMovesItsCallsOntoThatThread() {
        for wait in ["CFRunLoopRun();", "CFRunLoopRunInMode(kCFRunLoopDefaultMode, 10, false);",
                     "while (!self.done && [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate distantFuture]]) { }",
                     "[[NSRunLoop currentRunLoop] run];"] {
            let source = "@interface Waiter : NSObject\n@property (nonatomic, strong) NSURLConnection *connection;\n@end\n"
                + "@implementation Waiter\n- (void)start {\n    self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];\n"
                + "    [self.connection start];\n    \(wait)\n    if (!self.done) { [self.connection cancel]; "
                + "[self connection:self.connection didFailWithError:timeout]; }\n}\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { self.done = YES; CFRunLoopStop(CFRunLoopGetCurrent()); }\n"
                + "- (void)connection:(NSURLConnection *)c didFailWithError:(NSError *)e { self.done = YES; CFRunLoopStop(CFRunLoopGetCurrent()); }\n@end\n"
            let result = fixed(source)
            XCTAssertEqual(result.notes, [], wait)
            XCTAssertTrue(result.text.contains("    \(wait)\n"), result.text)
            XCTAssertTrue(result.text.contains("""
                    [self scheduleSessionDeliveryInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];
                """), result.text)
            XCTAssertTrue(result.text.contains("[runLoop addPort:_connectionSessionPort forMode:mode];"), result.text)
            XCTAssertTrue(result.text.contains("""
                    if ([self sessionTaskDidEndCancelled:error]) {
                        [self sessionDeliveryDidEnd];
                        return;
                    }
                    if (error == nil) {
                        [self performSessionDelivery:^{
                            [self connectionDidFinishLoading:(NSURLSessionDataTask *)task];
                            [self sessionDeliveryDidEnd];
                        } unlessCancelled:nil];
                """), result.text)
            XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
        }
    }

    /// A run loop polled in a loop's body ends the loop by its own condition whether or not anything
    /// is scheduled: the class moves (fixture 13), with the session's serial queue.
    func testARunLoopPolledInALoopsBodyStillMoves() {
        let result = fixed("@implementation Poller\n- (void)start { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; "
            + "while (!self.done) { [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.05]]; } }\n"
            + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { self.done = YES; }\n@end\n")
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("[self newSessionDataTaskWithRequest:r]"), result.text)
    }

    /// The answers of the methods that return one come back from the thread, retained across its
    /// autorelease pool under manual retain/release; the redirect method that reads its connection
    /// is asked with the task there too.
    func testAnswersComeBackFromTheThread() {
        let source = operation().replacingOccurrences(of: "[self.stream close];\n}\n@end\n", with: """
            [self.stream close];
            }
            - (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)response {
                return self.block ? self.block(connection, request, response) : request;
            }
            @end

            """)
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            - (NSURLRequest *)sessionTask:(NSURLSessionDataTask *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)response
            {
                __block NSURLRequest *answer = nil;
                [self performSessionDelivery:^{
                    answer = [self connection:connection willSendRequest:request redirectResponse:response];
            #if !__has_feature(objc_arc)
                    [answer retain];
            #endif
                } unlessCancelled:connection];
            #if !__has_feature(objc_arc)
                [answer autorelease];
            #endif
                return answer;
            }
            """), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }
}
