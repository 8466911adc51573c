import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// What `--fix` does to an Objective-C NSURLConnection delegate class, and what it
/// leaves alone with a reason. Tests/ObjectiveCProof runs the rewritten classes under GNUstep.
final class FixObjectiveCTests: XCTestCase {
    private func fixed(_ source: String, survey: ObjectiveCSessionFixer.Survey = .init()) -> (text: String, notes: [String]) {
        let bytes = Array(source.utf8)
        let outcome = ObjectiveCSessionFixer(survey: survey).fix(bytes)
        return (String(decoding: SourceEdit.apply(outcome.edits, to: bytes), as: UTF8.self), outcome.notes.map(\.reason))
    }

    /// Asserts that `--fix` leaves `source` as it is, with a note containing `note`.
    private func assertLeftAlone(_ source: String, note: String, file: StaticString = #filePath, line: UInt = #line) {
        let (text, notes) = fixed(source)
        XCTAssertEqual(text, source, file: file, line: line)
        XCTAssertTrue(notes.contains { $0.contains(note) }, "\(notes)", file: file, line: line)
    }

    /// The usual delegate class of the era, migrated by hand in the usual way: a view controller that loads one URL and keeps the body.
    private let article = """
        @implementation HeadlineClient

        - (void)fetch:(NSURLRequest *)request {
            NSURLConnection *started = [[NSURLConnection alloc] initWithRequest:request delegate:self];
            if (!started) {
                [self handleFailure:nil];
            }
        }

        // A new response: start the body again.
        - (void)connection:(NSURLConnection *) connection didReceiveResponse:(NSURLResponse *) response {
            self.receivedData = [NSMutableData data];
        }

        - (void)connection:(NSURLConnection *) connection didReceiveData:(NSData *)data {
            [self.receivedData appendData:data];
        }

        - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            [self handleSuccess];
        }

        - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
            [self handleFailure:error];
        }

        @end

        """

    func testTheUsualDelegateClassGetsTheByHandRewritePlusOneSessionSilentCancelAndInvalidation() {
        let survey = ObjectiveCSessionFixer.Survey(movedClasses: ["HeadlineClient"], adoptingClasses: ["HeadlineClient"])
        let result = fixed(article, survey: survey).text
        XCTAssertTrue(result.hasPrefix("""
            @implementation HeadlineClient {
                NSURLSession *_connectionSession;
                NSUInteger _connectionSessionTaskCount;
            }

            - (void)fetch:(NSURLRequest *)request {
                NSURLSessionDataTask *started = [self newSessionDataTaskWithRequest:request];
                if (!started) {
                    [self handleFailure:nil];
                }
            }

            // A new response: start the body again.
            - (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)connection didReceiveResponse:(NSURLResponse *)response completionHandler:(void (^)(NSURLSessionResponseDisposition))completionHandler {
                self.receivedData = [NSMutableData data];
                completionHandler(connection.state == NSURLSessionTaskStateCanceling ? NSURLSessionResponseCancel : NSURLSessionResponseAllow);
            }

            - (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)connection didReceiveData:(NSData *)data {
                [self.receivedData appendData:data];
            }

            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)connection didCompleteWithError:(NSError *)error {
                if ([self sessionTaskDidEndCancelled:error]) {
                    return;
                }
                if (error == nil) {
                    [self handleSuccess];
                } else {
                    [self handleFailure:error];
                }
            }

            #pragma mark - NSURLSession
            """), result)
        XCTAssertTrue(result.contains("delegate:self\n"), "the header adopts the session protocol: no cast")
        XCTAssertTrue(result.contains("[_connectionSession finishTasksAndInvalidate];"))
        XCTAssertTrue(result.contains("error.code == NSURLErrorCancelled"))
        XCTAssertFalse(result.contains("NSURLConnection *"))
        XCTAssertFalse(result.contains("sessionDataTaskWithRequest:(NSURLRequest *)request\n{\n    NSURLSessionDataTask *task = [self new"),
                       "no +0 helper without a +connectionWithRequest: site")
        XCTAssertTrue(fixed(result).text == result, "a second run changes nothing")
    }

    /// Docs/ObjectiveCProof.md shows `--diff` on the article's class and its header; the tool
    /// must print exactly that: the article's rewrite plus the session, invalidation and silent
    /// cancel it missed.
    func testDiffOfTheUsualDelegateClassIsTheOneObjectiveCProofShows() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("HeadlineClient.h", """
            #import <Foundation/Foundation.h>

            @interface HeadlineClient : NSObject <NSURLConnectionDataDelegate>
            @property (nonatomic, strong) NSMutableData *receivedData;
            - (void)fetch:(NSURLRequest *)request;
            - (void)handleSuccess;
            - (void)handleFailure:(NSError *)error;
            @end

            """)
        try tree.write("HeadlineClient.m", "#import \"HeadlineClient.h\"\n\n" + article)
        let run = CLIRun(["--diff", "."], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(run.status, 1, run.stderr)
        let document = try String(contentsOf: CIRecipeDocumentation.url("Docs/ObjectiveCProof.md"), encoding: .utf8)
        XCTAssertEqual(CIRecipeDocumentation.codeBlocks(in: document, language: "diff").map { $0 + "\n" }, [run.stdout])
        for missed in ["finishTasksAndInvalidate", "error.code == NSURLErrorCancelled", "if (_connectionSession == nil)"] {
            XCTAssertTrue(run.stdout.contains(missed), missed)
        }
    }

    func testEveryPathOutOfDidReceiveResponseAllowsButReturnsInBlocksStay() {
        let source = """
            @implementation Loader
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
            {
                if (self.done) return;
                void (^log)(void) = ^{ if (self.quiet) return; NSLog(@"x"); };
                log();
                if ([(NSHTTPURLResponse *)response statusCode] >= 400) {
                    [connection cancel];
                    return;
                }
                self.ok = YES;
            }
            @end
            """
        let body = fixed(source).text
        XCTAssertTrue(body.contains("if (self.done) { completionHandler(connection.state == NSURLSessionTaskStateCanceling ? NSURLSessionResponseCancel : NSURLSessionResponseAllow); return; }"), body)
        XCTAssertTrue(body.contains("^{ if (self.quiet) return; NSLog(@\"x\"); }"), body)
        XCTAssertTrue(body.contains("    [connection cancel];\n        { completionHandler(connection.state == NSURLSessionTaskStateCanceling ? NSURLSessionResponseCancel : NSURLSessionResponseAllow); return; }"), body)
        XCTAssertTrue(body.contains("    self.ok = YES;\n    completionHandler(connection.state == NSURLSessionTaskStateCanceling ? NSURLSessionResponseCancel : NSURLSessionResponseAllow);\n}"), body)
    }

    func testRedirectAnswersReturnAndCacheAnswersGoToTheCompletionHandlerAndChallengeSendersBecomeDispositions() {
        let source = """
            @implementation Loader
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)redirect
            {
                if (redirect && self.refuse) return nil;
                return request;
            }
            - (NSCachedURLResponse *)connection:(NSURLConnection *)connection willCacheResponse:(NSCachedURLResponse *)cached
            {
                return nil;
            }
            - (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
            {
                if (challenge.previousFailureCount > 0) { [[challenge sender] cancelAuthenticationChallenge:challenge]; return; }
                if (self.trust) { [challenge.sender performDefaultHandlingForAuthenticationChallenge:challenge]; return; }
                [challenge.sender useCredential:[NSURLCredential credentialWithUser:@"u" password:@"p" persistence:NSURLCredentialPersistenceNone]
                     forAuthenticationChallenge:challenge];
            }
            @end
            """
        let text = fixed(source).text
        // The redirect body keeps returning its answer, for the session's redirect method and for
        // the first request, which each task's creation asks about (fixture 20 runs it).
        XCTAssertTrue(text.contains("""
            - (NSURLRequest *)sessionWillSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)redirect
            {
                if (redirect && self.refuse) return nil;
                return request;
            }
            """), text)
        XCTAssertTrue(text.contains("willPerformHTTPRedirection:(NSHTTPURLResponse *)response newRequest:(NSURLRequest *)request "
            + "completionHandler:(void (^)(NSURLRequest *))completionHandler\n{\n"
            + "    completionHandler([self sessionWillSendRequest:request redirectResponse:response]);\n}"), text)
        XCTAssertTrue(text.contains("willCacheResponse:(NSCachedURLResponse *)cached completionHandler:(void (^)(NSCachedURLResponse *))completionHandler"))
        // A cancelled challenge fails the task as NSURLConnection failed the connection, not silently.
        XCTAssertTrue(text.contains("[self sessionTask:c cancelsChallengeWith:completionHandler]; return;"), text)
        XCTAssertTrue(text.contains("    error = [self sessionTask:task errorAfterChallenge:error];\n"
            + "    if ([self sessionTaskDidEndCancelled:error]) {"), text)
        XCTAssertTrue(text.contains("return [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorUserCancelledAuthentication userInfo:nil];"), text)
        XCTAssertTrue(text.contains("completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil); return;"), text)
        XCTAssertTrue(text.contains("completionHandler(NSURLSessionAuthChallengeUseCredential, "
            + "[NSURLCredential credentialWithUser:@\"u\" password:@\"p\" persistence:NSURLCredentialPersistenceNone]);"), text)
        XCTAssertTrue(text.contains("task:(NSURLSessionTask *)c didReceiveChallenge:"), "an unused connection needs no alias")
    }

    func testAConnectionTheBodyUsesIsReadAsADataTaskOfTheSameName() {
        let source = """
            @implementation Loader
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection
            {
                [self forget:connection];
            }
            - (void)connection:(NSURLConnection *)other didFailWithError:(NSError *)problem
            {
                [self forget:other];
            }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("""
            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)problem
            {
                NSURLSessionDataTask *connection = (NSURLSessionDataTask *)task;
                NSURLSessionDataTask *other = (NSURLSessionDataTask *)task;
                if ([self sessionTaskDidEndCancelled:problem]) {
                    return;
                }
                if (problem == nil) {
                    [self forget:connection];
                } else {
                    [self forget:other];
                }
            }
            """), text)
    }

    /// Found on Samples/Legacy's FeedLoader: `connectionShouldUseCredentialStorage:` answering NO
    /// was kept but never asked, so the session stored and reused credentials the connection had
    /// not. The session's configuration now answers as the method does.
    func testACredentialStorageAnswerOfNoGivesASessionWithoutCredentialStorage() {
        let source = """
            @implementation Loader
            - (void)go {
                [[NSURLConnection alloc] initWithRequest:r delegate:self];
            }
            - (BOOL)connectionShouldUseCredentialStorage:(NSURLConnection *)connection {
                return NO;
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("""
                        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
                        if (![self connectionShouldUseCredentialStorage:nil]) {
                            configuration.URLCredentialStorage = nil;
                        }
                        _connectionSession = [NSURLSession sessionWithConfiguration:configuration

            """), text)
        XCTAssertTrue(text.contains("- (BOOL)connectionShouldUseCredentialStorage:(NSURLSessionDataTask *)connection {\n    return NO;"), text)
        XCTAssertFalse(fixed(article).text.contains("URLCredentialStorage"), "a class without the method keeps the default configuration")

        assertLeftAlone(source.replacingOccurrences(of: "return NO;", with: "return connection.originalRequest.URL.user == nil;"),
                        note: "connectionShouldUseCredentialStorage: reads its connection, but the session asks it once")
    }

    /// NSURLConnection asked the redirect method about the first request; NSURLSession never does,
    /// so each task's creation asks, before any task exists. A body that reads its connection is
    /// asked with the task, created first (`testARedirectMethodThatReadsItsConnectionIsAskedWithTheTask`);
    /// one that reads the stored connection stays: the task is not stored yet when it is asked.
    func testEachTaskIsCreatedFromTheRedirectMethodsAnswerForTheFirstRequest() {
        let source = """
            @implementation Loader
            - (void)go {
                self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self];
            }
            - (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)response {
                return request;
            }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("""
                NSURLRequest *firstRequest = [self sessionWillSendRequest:request redirectResponse:nil];
                NSURLSessionDataTask *task;
            """), text)
        XCTAssertTrue(text.contains("""
                    task = [_connectionSession dataTaskWithRequest:(firstRequest != nil ? firstRequest : request)];
                }
                if (firstRequest == nil) {
            """), text)
        XCTAssertFalse(fixed(article).text.contains("sessionWillSendRequest"), "a class without the method asks nothing")

        assertLeftAlone(source.replacingOccurrences(of: "return request;", with: "return connection == self.connection ? request : nil;"),
                        note: "connection:willSendRequest:redirectResponse: reads the stored connection; asked about the first request")
    }

    /// AFNetworking 1.x's redirect method hands its connection to a block of the caller's: the task
    /// is created first, not started, and the method asked with it; another request in the answer is
    /// sent by a task of its own, created before the asked one is cancelled (the session's task count
    /// never falls to 0 in between), and the session's redirect method asks with its task.
    func testARedirectMethodThatReadsItsConnectionIsAskedWithTheTask() {
        let source = """
            @implementation Loader
            - (void)go {
                self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self];
            }
            - (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)response {
                return self.redirectBlock ? self.redirectBlock(connection, request, response) : request;
            }
            @end
            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            - (NSURLRequest *)sessionTask:(NSURLSessionDataTask *)connection willSendRequest:(NSURLRequest *)request redirectResponse:(NSURLResponse *)response {
                return self.redirectBlock ? self.redirectBlock(connection, request, response) : request;
            """), result.text)
        XCTAssertTrue(result.text.contains("""
                    task = [_connectionSession dataTaskWithRequest:request];
                }
                // NSURLConnection asked about the first request with the connection that would send
                // it: the task, not yet started. Another request in the answer is sent by a task of
                // its own (a session task's request cannot change).
                NSURLRequest *firstRequest = [self sessionTask:task willSendRequest:request redirectResponse:nil];
                if (firstRequest != nil && firstRequest != request) {
                    NSURLSessionDataTask *askedTask = task;
                    @synchronized ([NSURLSession class]) {
                        _connectionSessionTaskCount += 1;
                        task = [_connectionSession dataTaskWithRequest:firstRequest];
                    }
                    [askedTask cancel];
                }
                if (firstRequest == nil) {
            """), result.text)
        XCTAssertTrue(result.text.contains(
            "completionHandler([self sessionTask:(NSURLSessionDataTask *)task willSendRequest:request redirectResponse:response]);"), result.text)
        XCTAssertFalse(result.text.contains("sessionWillSendRequest"), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    /// A class with neither a finish nor a failure method still gets the completion method that
    /// ends its session; it was a second insertion at `@end`, which `--fix` refused as overlapping.
    func testAClassWithoutFinishOrFailureGetsTheCompletionMethodBeforeTheSessionsOthers() {
        let source = """
            @implementation Sink
            - (void)go { [[NSURLConnection alloc] initWithRequest:self.request delegate:self]; }
            - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data { [self.buffer appendData:data]; }
            @end
            """
        let bytes = Array(source.utf8)
        let edits = ObjectiveCSessionFixer(survey: .init()).fix(bytes).edits
        XCTAssertNoThrow(try EditConflict.resolve(edits).get())
        let text = String(decoding: SourceEdit.apply(edits, to: bytes), as: UTF8.self)
        XCTAssertTrue(text.contains("""
            didCompleteWithError:(NSError *)error
            {
                if ([self sessionTaskDidEndCancelled:error]) {
                    return;
                }
            }

            #pragma mark - NSURLSession
            """), text)
    }

    /// A finish or failure body written on the line of its braces was dropped from the merged
    /// completion method (`if (error == nil) {    }`): the rewrite compiled and did nothing there.
    func testBodiesOnTheLineOfTheirBracesKeepEveryStatement() {
        let source = """
            @implementation Loader
            - (void)go { _conn = [[NSURLConnection alloc] initWithRequest:self.request delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { _conn = nil; [self.owner done]; }
            - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
                [self.owner failed:error];
                _conn = nil; }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("""
                if (error == nil) {
                    _conn = nil; [self.owner done];
                } else {
                    [self.owner failed:error];
                    _conn = nil;
                }
            }
            """), text)
    }

    /// `didReceiveResponse:(NSHTTPURLResponse *)response` read `response.statusCode`; moved to the
    /// session's `(NSURLResponse *)response` it no longer compiled. Fixture 21 runs it.
    func testAParameterDeclaredNarrowerIsReadUnderItsOldTypeAndName() {
        let source = """
            @implementation Loader
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connection:(NSURLConnection *)c didReceiveResponse:(NSHTTPURLResponse *)response {
                self.status = response.statusCode;
            }
            - (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)data { [self.body appendData:data]; }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("""
            didReceiveResponse:(NSURLResponse *)sessionResponse completionHandler:(void (^)(NSURLSessionResponseDisposition))completionHandler {
                NSHTTPURLResponse *response = (NSHTTPURLResponse *)sessionResponse;
                self.status = response.statusCode;
            """), text)
        XCTAssertTrue(text.contains("didReceiveData:(NSData *)data { [self.body appendData:data]; }"), "the same type needs no alias")
    }

    func testStartOnAStartedConnectionBecomesResume() {
        let source = """
            @implementation Loader
            - (void)go {
                NSURLConnection *conn = [[NSURLConnection alloc] initWithRequest:r delegate:self];
                [conn start];
                [self.other start];
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("NSURLSessionDataTask *conn = [self newSessionDataTaskWithRequest:r];\n    [conn resume];"), text)
        XCTAssertTrue(text.contains("[self.other start];"), "not a stored connection")
    }

    func testADeferredStartGetsASuspendedTaskThatStartResumes() {
        let source = """
            @implementation Loader
            - (void)prepare { _connection = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; }
            - (void)go { [_connection start]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @end
            """
        let text = fixed(source).text
        XCTAssertTrue(text.contains("_connection = [self newSuspendedSessionDataTaskWithRequest:r];"), text)
        XCTAssertTrue(text.contains("- (NSURLSessionDataTask *)newSuspendedSessionDataTaskWithRequest:(NSURLRequest *)request\n{\n"), text)
        XCTAssertFalse(text.contains("newSessionDataTaskWithRequest:(NSURLRequest *)request"), "no started-task helper without a started site")
    }

    func testSendAsynchronousRequestGoesToTheSharedSessionAndHopsToItsQueueWithNSURLConnectionsArguments() {
        let source = """
            // Loader.m
            #import <Foundation/Foundation.h>
            #if DEBUG
            #import "Debug.h"
            #endif

            @implementation Loader
            - (void)go {
                [NSURLConnection sendAsynchronousRequest:self.request
                                                   queue:[NSOperationQueue mainQueue]
                                       completionHandler:^(NSURLResponse *r, NSData *d, NSError *e) { [self done:d]; }];
                [NSURLConnection sendAsynchronousRequest:other queue:self.queue completionHandler:self.handler];
            }
            @end

            """
        let result = fixed(source)
        XCTAssertTrue(result.text.hasPrefix("// Loader.m\n#import <Foundation/Foundation.h>\n#if DEBUG\n#import \"Debug.h\"\n#endif\n\n"
            + "// +[NSURLConnection sendAsynchronousRequest:queue:completionHandler:] on the shared session,\n"), result.text)
        XCTAssertTrue(result.text.contains("""
                SessionSendAsynchronousRequest(self.request, [NSOperationQueue mainQueue], ^(NSURLResponse *r, NSData *d, NSError *e) { [self done:d]; });
                SessionSendAsynchronousRequest(other, self.queue, self.handler);
            """), result.text)
        XCTAssertEqual(result.text.components(separatedBy: "static void SessionSendAsynchronousRequest(").count, 2, "one function a file")
        for line in ["[[[NSURLSession sharedSession] dataTaskWithRequest:request",
                     "NSData *body = error != nil ? nil : (data != nil ? data : [NSData data]);",
                     "[queue addOperationWithBlock:^{", "handler(response, body, error);"] {
            XCTAssertTrue(result.text.contains(line), line)
        }
        XCTAssertEqual(result.notes, [])
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
        let another = result.text + "void more(void) { [NSURLConnection sendAsynchronousRequest:r queue:q completionHandler:h]; }\n"
        XCTAssertEqual(fixed(another).text, result.text + "void more(void) { SessionSendAsynchronousRequest(r, q, h); }\n",
                       "a file that has the function gets no second one")
    }

    func testSendAsynchronousRequestInAFinishBodyIsMovedWithTheBody() {
        let source = """
            @implementation Chain
            - (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection
            {
                [NSURLConnection sendAsynchronousRequest:next queue:q completionHandler:h];
            }
            @end
            """
        let bytes = Array(source.utf8)
        let edits = ObjectiveCSessionFixer().fix(bytes).edits
        guard case .success(let resolved) = EditConflict.resolve(edits) else { return XCTFail("the two stages conflict") }
        let text = String(decoding: SourceEdit.apply(resolved, to: bytes), as: UTF8.self)
        XCTAssertTrue(text.contains("    if (error == nil) {\n        SessionSendAsynchronousRequest(next, q, h);\n    }"), text)
        XCTAssertTrue(text.hasPrefix("// +[NSURLConnection sendAsynchronousRequest:queue:completionHandler:]"), text)
        XCTAssertEqual(fixed(text).text, text, "a second run changes nothing")
    }

    func testSetDelegateQueueRightAfterADeferredCreationBecomesTheSessionsDelegateQueue() {
        let source = """
            @interface Queued : NSObject
            @property (nonatomic, strong) NSURLConnection *connection;
            @end
            @implementation Queued
            - (void)go {
                self.queue.maxConcurrentOperationCount = 1;
                self.connection = [[NSURLConnection alloc] initWithRequest:r
                                                                  delegate:self
                                                          startImmediately:NO];
                [self.connection setDelegateQueue:self.queue];
                [self.connection start];
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @end
            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
                self.connection = [self newSuspendedSessionDataTaskWithRequest:r delegateQueue:self.queue];
                [self.connection resume];
            """), result.text)
        XCTAssertTrue(result.text.contains("""
            // One session per delegate object, created with the queue -setDelegateQueue: gave the
            // connection. The task is returned retained, as
            // -[NSURLConnection initWithRequest:delegate:startImmediately:NO] was, and not started:
            // -resume starts it, where -start started the connection.
            - (NSURLSessionDataTask *)newSuspendedSessionDataTaskWithRequest:(NSURLRequest *)request delegateQueue:(NSOperationQueue *)queue
            {
                NSURLSessionDataTask *task;
                // The session and its task count change here and, when a task ends, on the
                // session's queue: under a lock no other code takes.
                @synchronized ([NSURLSession class]) {
                    if (_connectionSession == nil) {
                        _connectionSession = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]
            """), result.text)
        XCTAssertFalse(result.text.contains("isMainThread"), "the queue is the one the connection was given")
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    private func scheduled(_ statements: String) -> String {
        """
        @implementation Scheduled
        - (void)go {
        \tNSURLConnection *c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];
        \(statements)
        \t[c start];
        }
        - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
        @end
        """
    }

    func testSetDelegateQueueAnywhereBeforeTheConnectionIsUsedAgainIsTheSessionsQueue() {
        let result = fixed(scheduled("""
            \tNSLog(@"created");
            \tself.count += 1;
            \t[c setDelegateQueue:[NSOperationQueue mainQueue]];
            """))
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            \tNSURLSessionDataTask *c = [self newSuspendedSessionDataTaskWithRequest:r delegateQueue:[NSOperationQueue mainQueue]];
            \tNSLog(@"created");
            \tself.count += 1;
            \t[c resume];
            """), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    func testTheMainRunLoopInAnyModeAfterADeferredCreationBecomesTheMainQueue() {
        let source = scheduled("""
            \t[c scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
            \t[c scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:UITrackingRunLoopMode];
            """)
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            \tNSURLSessionDataTask *c = [self newSuspendedSessionDataTaskWithRequest:r delegateQueue:[NSOperationQueue mainQueue]];
            \t[c resume];
            """), result.text)
        XCTAssertFalse(result.text.contains("scheduleInRunLoop"), result.text)
        XCTAssertTrue(result.text.contains("created with the main queue, which runs on the main\n// run loop"), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    /// `self.c = …` and `[_c …]` name one connection: the storage of an auto-synthesized property.
    func testAPropertyAndItsStorageNameOneConnectionForTheSchedulingAfterItsCreation() {
        for (assigned, messaged) in [("self.connection", "_connection"), ("_connection", "self.connection")] {
            let source = """
                @interface Stored ()
                @property (nonatomic, strong) NSURLConnection *connection;
                @end
                @implementation Stored
                - (void)go {
                	\(assigned) = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];
                	[\(messaged) scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
                	[\(messaged) start];
                }
                - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
                @end
                """
            let result = fixed(source)
            XCTAssertEqual(result.notes, [], assigned)
            XCTAssertTrue(result.text.contains("""
                	\(assigned) = [self newSuspendedSessionDataTaskWithRequest:r delegateQueue:[NSOperationQueue mainQueue]];
                	[\(messaged) resume];
                """), result.text)
            XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
        }
        // Anything else touching either name between the creation and the scheduling keeps it.
        assertLeftAlone("""
            @interface Stored ()
            @property (nonatomic, strong) NSURLConnection *connection;
            @end
            @implementation Stored
            - (void)go {
            	self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];
            	NSLog(@"%@", _connection);
            	[_connection scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
            	[_connection start];
            }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { }
            @end
            """, note: "scheduleInRunLoop:forMode: moves only on the main run loop")
    }

    func testTheCurrentRunLoopIsTheSessionsUsualQueueAndAnotherRunLoopStays() {
        let current = fixed(scheduled("\t[c scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];"))
        XCTAssertEqual(current.notes, [])
        XCTAssertTrue(current.text.contains("[self newSuspendedSessionDataTaskWithRequest:r];\n\t[c resume];"), current.text)
        XCTAssertTrue(current.text.contains("[NSThread isMainThread] ? [NSOperationQueue mainQueue] : nil"), current.text)
        let scheduling = "scheduleInRunLoop:forMode: moves only on the main run loop"
        for (statements, note) in [
            ("\t[c scheduleInRunLoop:self.runLoop forMode:NSDefaultRunLoopMode];", scheduling),
            ("\t[c scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSDefaultRunLoopMode];\n"
                + "\t[c scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];", scheduling),
            ("\t[c scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSDefaultRunLoopMode];\n\t[c setDelegateQueue:[NSOperationQueue new]];",
             "setDelegateQueue: moves only after"),
        ] {
            assertLeftAlone(scheduled(statements), note: note)
        }
    }

    func testARefusedProtectionSpaceIsRejectedAndTheCancelledChallengeMethodIsKept() {
        let source = """
            @implementation Guarded
            - (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (BOOL)connection:(NSURLConnection *)connection canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)space {
            \treturn [space.authenticationMethod isEqualToString:NSURLAuthenticationMethodHTTPBasic];
            }
            - (void)connection:(NSURLConnection *)connection didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
            \tif (challenge.previousFailureCount > 0) {
            \t\t[challenge.sender rejectProtectionSpaceAndContinueWithChallenge:challenge];
            \t\treturn;
            \t}
            \t[[challenge sender] continueWithoutCredentialForAuthenticationChallenge:challenge];
            }
            - (void)connection:(NSURLConnection *)connection didCancelAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
            \tself.cancelled = YES;
            }
            @end

            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            - (BOOL)connection:(NSURLSessionDataTask *)connection canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)space {
            """), result.text)
        XCTAssertTrue(result.text.contains("""
            completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
            \tif (![self connection:(NSURLSessionDataTask *)connection canAuthenticateAgainstProtectionSpace:challenge.protectionSpace]) \
            { completionHandler(NSURLSessionAuthChallengeRejectProtectionSpace, nil); return; }
            \tif (challenge.previousFailureCount > 0) {
            \t\tcompletionHandler(NSURLSessionAuthChallengeRejectProtectionSpace, nil);
            \t\treturn;
            \t}
            \tcompletionHandler(NSURLSessionAuthChallengeUseCredential, nil);
            }
            - (void)connection:(NSURLSessionDataTask *)connection didCancelAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
            """), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
        XCTAssertEqual(fixed(result.text).notes, [], "a second run advises nothing")
        assertLeftAlone("""
            @implementation Unasked
            - (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (BOOL)connection:(NSURLConnection *)c canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)s { return NO; }
            @end

            """, note: "Unasked answers connection:canAuthenticateAgainstProtectionSpace: but has no challenge method to ask it")
    }

    func testAddedCodeFollowsTheFilesIndentationAvoidsTheClassesInstanceVariablesAndRenamesItsSectionMarks() {
        let source = """
            @interface Fetcher : NSObject {
            \tNSError *error;
            \tNSURLRequest *request;
            }
            @end
            @implementation Fetcher
            @synthesize task;
            #pragma mark - NSURLConnectionDataDelegate
            - (void)go {
            \t[NSURLConnection connectionWithRequest:request delegate:self];
            }
            - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data { }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            \t[self report:error];
            }
            @end

            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        for expected in [
            "@implementation Fetcher {\n\tNSURLSession *_connectionSession;\n",
            "#pragma mark - NSURLSessionDataDelegate\n",
            // The finish body still reads the instance variable `error`.
            "didCompleteWithError:(NSError *)sessionError {\n\tif ([self sessionTaskDidEndCancelled:sessionError]) {\n\t\treturn;\n\t}\n"
                + "\tif (sessionError == nil) {\n\t\t[self report:error];\n\t}\n}",
            "- (NSURLSessionDataTask *)newSessionDataTaskWithRequest:(NSURLRequest *)sessionRequest\n{\n\tNSURLSessionDataTask *sessionTask;\n",
            "\t@synchronized ([NSURLSession class]) {\n\t\tif (_connectionSession == nil) {",
            "\t\tsessionTask = [_connectionSession dataTaskWithRequest:sessionRequest];\n\t}\n",
            // The pass-through redirect method: NSURLConnection followed redirects.
            "willPerformHTTPRedirection:(NSHTTPURLResponse *)response newRequest:(NSURLRequest *)sessionRequest "
                + "completionHandler:(void (^)(NSURLRequest *))completionHandler\n{\n\tcompletionHandler(sessionRequest);\n}",
        ] {
            XCTAssertTrue(result.text.contains(expected), "\(expected)\n---\n\(result.text)")
        }
        XCTAssertFalse(result.text.contains("\n    if (_connectionSession"), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    func testANewBodyStreamComesFromTheMovedBodyForTheTasksCurrentRequest() {
        let source = """
            @implementation Uploader
            - (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (NSInputStream *)connection:(NSURLConnection *)connection needNewBodyStream:(NSURLRequest *)request {
                return [self streamFor:request];
            }
            @end

            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)connection \
            needNewBodyStream:(void (^)(NSInputStream *))completionHandler {
                NSURLRequest *request = connection.currentRequest;
                { completionHandler([self streamFor:request]); return; }
            }
            """), result.text)
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    func testAConnectionCreatedInAnIfConditionStartsAfterTheWholeStatement() {
        let source = """
            @implementation Guide
            - (void)go {
            \tif ((self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self])) {
            \t\tself.data = [NSMutableData data];
            \t} else {
            \t\tNSLog(@"no connection");
            \t}
            \tNSLog(@"after");
            }
            - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data { [self.data appendData:data]; }
            @end

            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("""
            \tif ((self.connection = [self newSuspendedSessionDataTaskWithRequest:r])) {
            \t\tself.data = [NSMutableData data];
            \t} else {
            \t\tNSLog(@"no connection");
            \t}
            \t[self.connection resume];
            \tNSLog(@"after");
            """), result.text)
        XCTAssertFalse(result.text.contains("newSessionDataTaskWithRequest:"), "no started-task method is needed")
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
    }

    /// NSURLConnection asked connection:didReceiveAuthenticationChallenge: about server-trust and
    /// client-certificate challenges only when connection:canAuthenticateAgainstProtectionSpace: said
    /// YES; without that method it handled them itself. A session asks its delegate about every one.
    func testAChallengeMethodWithoutAProtectionSpaceQuestionLeavesTrustAndCertificatesToTheSystem() {
        let defaultHandling = "if ([a.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust] || "
            + "[a.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodClientCertificate]) { "
            + "completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil); return; }"
        func source(_ selector: String, protectionSpace: Bool) -> String {
            "@implementation Auth\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
                + (protectionSpace ? "- (BOOL)connection:(NSURLConnection *)c canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)s "
                    + "{ return YES; }\n" : "")
                + "- (void)connection:(NSURLConnection *)c \(selector):(NSURLAuthenticationChallenge *)a "
                + "{ [a.sender useCredential:self.credential forAuthenticationChallenge:a]; }\n@end\n"
        }
        let asked = fixed(source("didReceiveAuthenticationChallenge", protectionSpace: false))
        XCTAssertEqual(asked.notes, [])
        XCTAssertTrue(asked.text.contains("completionHandler { " + defaultHandling + " completionHandler(NSURLSessionAuthChallengeUseCredential"),
                      asked.text)
        for (selector, protectionSpace) in [("willSendRequestForAuthenticationChallenge", false), ("didReceiveAuthenticationChallenge", true)] {
            let text = fixed(source(selector, protectionSpace: protectionSpace)).text
            XCTAssertFalse(text.contains("NSURLAuthenticationMethodServerTrust"), text)
        }
    }

    /// three20's TTRequestLoader hands the challenge to its queue, whose requests answer through
    /// challenge.sender: the copy handed on answers the session's completion handler.
    func testAChallengeHandedOnGoesWithASenderThatAnswersTheSessionsHandler() {
        let source = """
            @implementation HandsOn
            - (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)a {
              [self.queue loader:self didReceiveAuthenticationChallenge:a];
            }
            @end

            """
        let result = fixed(source)
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.hasPrefix("""
            // Answers a challenge HandsOn hands on, through the sender NSURLConnection gave it, with
            // the session's completion handler: an NSURLSession challenge's own sender does not answer.
            // The first answer counts; the session takes one.
            @interface HandsOnSessionChallengeSender : NSObject <NSURLAuthenticationChallengeSender>
            """), result.text)
        XCTAssertTrue(result.text.contains("""
            completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
              if ([a.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust] || [a.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodClientCertificate]) { completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil); return; }
              a = [HandsOnSessionChallengeSender challenge:a answeringWith:completionHandler];
              [self.queue loader:self didReceiveAuthenticationChallenge:a];
            }
            """), result.text)
        XCTAssertTrue(result.text.contains("""
            - (void)cancelAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
            {
              [self answer:NSURLSessionAuthChallengeCancelAuthenticationChallenge credential:nil];
            }
            """), "indented as the class is: \(result.text)")
        XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
        XCTAssertEqual(fixed(result.text).notes, [], "a second run advises nothing")
    }

    /// MKNetworkKit's operation: its connection is created on the main queue, and its download
    /// streams are scheduled in the caller's run loop; the delegate methods that write them stay on
    /// the main thread, so the streams stay right. Created elsewhere, the stream keeps the class.
    func testAStreamScheduledInARunLoopStaysRightWhenTheDelegateCallsStayOnTheMainThread() {
        func source(_ creation: String) -> String {
            "@interface Op : NSObject\n@property (nonatomic, strong) NSURLConnection *connection;\n@end\n"
                + "@implementation Op\n- (void)add:(NSOutputStream *)s { [s scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSRunLoopCommonModes]; }\n"
                + "- (void)go {\n\(creation)\n}\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { }\n@end\n"
        }
        let onMain = fixed(source("""
            dispatch_async(dispatch_get_main_queue(), ^{
                self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO];
                [self.connection scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSRunLoopCommonModes];
                [self.connection start];
            });
            """))
        XCTAssertEqual(onMain.notes, [])
        XCTAssertTrue(onMain.text.contains("[s scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSRunLoopCommonModes];"), onMain.text)
        XCTAssertEqual(fixed(onMain.text).text, onMain.text, "a second run changes nothing")
        assertLeftAlone(source("    self.connection = [[NSURLConnection alloc] initWithRequest:r delegate:self];"),
                        note: "scheduleInRunLoop:forMode: moves only on the main run loop")
    }

    /// facebook-ios-sdk 3.x declares `connection:(NSURLResponse *)connection didReceiveData:`: a
    /// Foundation class subclasses no NSURLConnection, so the slip keeps nothing.
    func testAFoundationClassAsTheConnectionsTypeIsASlipThatMovesLikeNSURLConnection() {
        let result = fixed("@implementation Slip\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
            + "- (void)connection:(NSURLResponse *)connection didReceiveData:(NSData *)data { [self.data appendData:data]; }\n@end\n")
        XCTAssertEqual(result.notes, [])
        XCTAssertTrue(result.text.contains("- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)connection "
            + "didReceiveData:(NSData *)data { [self.data appendData:data]; }"), result.text)
    }

    func testSendSynchronousRequestStaysWithANoteSayingWhyNoSemaphoreRewrite() throws {
        let tree = try CLITemporaryTree(self)
        let source = "void load(NSURLRequest *r) {\n    NSData *d = [NSURLConnection sendSynchronousRequest:r returningResponse:NULL error:NULL];\n}\n"
        let file = try tree.write("Sources/Load.m", source)
        let run = CLIRun(["--fix", "Sources"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Sources/Load.m:2:18: note: not rewritten (Objective-C): \(ObjectiveCSynchronousRequestNote.reason)\n",
                       "one note with the reason, not the bare finding besides")
        XCTAssertTrue(ObjectiveCSynchronousRequestNote.reason.contains("deadlocks when the caller runs on the queue"))
        XCTAssertTrue(run.stderr.hasSuffix("1 Objective-C finding left to migrate by hand\n"), run.stderr)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), source)
    }

    /// Found on real code (Crazenezz/iOS-Tutorial's DelegateObject, connected by its view
    /// controller): a delegate class whose connections another object creates was moved, and that
    /// object's NSURLConnection no longer found its delegate methods.
    func testADelegateWhoseConnectionsAnotherObjectCreatesStays() {
        assertLeftAlone("""
            @implementation DownloadDelegate
            - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data { [self.file writeData:data]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { [self.file closeFile]; }
            @end
            """, note: "DownloadDelegate creates no connection with itself as the delegate: another object creates them")
    }

    /// Found on real code (RestKit's RKHTTPRequestOperation over AFNetworking's operation): a
    /// subclass whose delegate methods call super creates no connection because its superclass
    /// does; the note says so instead of blaming another object.
    func testASubclassWhoseDelegateMethodsCallSuperStaysWithItsSuperclass() {
        assertLeftAlone("""
            @interface LoggingOperation : NetworkOperation
            @end
            @implementation LoggingOperation
            - (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response {
            	[super connection:connection didReceiveResponse:response];
            	NSLog(@"response");
            }
            @end
            """, note: "LoggingOperation's delegate methods override NetworkOperation's (they call super), whose code creates "
                + "the connections: they move with NetworkOperation, not on their own")
        // A file that ends right after `[super` (found by scanner-fuzz) is read, not trapped on.
        let cut = "@implementation Cut\n- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {\n    [super"
        XCTAssertEqual(fixed(cut).text, cut)
    }

    /// The class object as the delegate: the session, its instance variables and methods are an
    /// instance's, so the rewrite called instance methods on the class (unrecognized selector).
    func testAClassObjectAsTheDelegateStays() {
        assertLeftAlone("""
            @implementation Ping
            + (void)send:(NSURLRequest *)r { [NSURLConnection connectionWithRequest:r delegate:self]; }
            + (void)connectionDidFinishLoading:(NSURLConnection *)connection { NSLog(@"pong"); }
            @end
            """, note: "the class object Ping is the connection's delegate")
        assertLeftAlone("""
            @implementation Ping
            + (void)send:(NSURLRequest *)r { [NSURLConnection connectionWithRequest:r delegate:self]; }
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection { NSLog(@"pong"); }
            @end
            """, note: "the class object Ping is the connection's delegate")
    }

    func testWhatThePlanCannotMoveStaysUntouchedWithAReason() {
        let cases: [(source: String, reason: String)] = [
            ("@interface Stream : NSURLConnection\n@end\n@implementation Stream\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { }\n@end\n", "subclasses NSURLConnection"),
            ("@implementation Both\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { }\n"
                + "- (void)URLSession:(NSURLSession *)s task:(NSURLSessionTask *)t didCompleteWithError:(NSError *)e { }\n@end\n",
             "also an NSURLSession delegate"),
            ("@implementation Other\n- (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self.handler]; }\n@end\n",
             "delegate is another object"),
            ("@implementation Later\n- (void)go { [q setMaxConcurrentOperationCount:1]; "
                + "c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; "
                + "[self log:c]; [c setDelegateQueue:q]; [c start]; }\n@end\n", "setDelegateQueue: moves only after"),
            ("@implementation Remade\n- (void)go { [q setMaxConcurrentOperationCount:1]; "
                + "c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; "
                + "q = [self nextQueue]; [c setDelegateQueue:q]; [c start]; }\n@end\n", "setDelegateQueue: moves only after"),
            ("@implementation Reads\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; "
                + "[c setDelegateQueue:[self queueFor:c]]; [c start]; }\n@end\n", "setDelegateQueue: moves only after"),
            ("@implementation Concurrent\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; "
                + "[c setDelegateQueue:[[NSOperationQueue alloc] init]]; [c start]; }\n@end\n", "runs one operation at a time"),
            ("@implementation Two\n- (void)go { [q setMaxConcurrentOperationCount:1]; "
                + "c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; "
                + "[c setDelegateQueue:q]; [c start]; d = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n@end\n",
             "Two's connections deliver on different queues"),
            ("@interface Forwarding : NSURLProtocol\n@end\n@implementation Forwarding\n"
                + "- (void)go { self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self]; }\n"
                + "- (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)d { [self.client URLProtocol:self didLoadData:d]; }\n@end\n",
             "Forwarding is an NSURLProtocol that creates a connection outside -startLoading"),
            ("@implementation Computed\n- (void)go { [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:now]; }\n@end\n",
             "startImmediately: takes a computed value"),
            ("@implementation Queued\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { [c scheduleInRunLoop:l forMode:m]; }\n@end\n",
             "scheduleInRunLoop:forMode: moves only on the main run loop (or the current one)"),
            ("@interface Tagged : NSURLConnection\n@end\n@implementation Tests\n"
                + "- (void)connectionDidFinishLoading:(Tagged *)c { }\n@end\n",
             "connectionDidFinishLoading: receives Tagged *, not NSURLConnection *"),
            ("@implementation Downloads\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
                + "- (void)connectionDidFinishDownloading:(NSURLConnection *)c destinationURL:(NSURL *)u { }\n@end\n",
             "connectionDidFinishDownloading:destinationURL: is NSURLConnectionDownloadDelegate's"),
            // A run loop run until a delegate method stops it moves when the class runs it after starting
            // its connection (FixSessionOwnThreadTests); not where it waits elsewhere, or stops another.
            ("@implementation Waits\n- (void)start { c = [[NSURLConnection alloc] initWithRequest:r delegate:self startImmediately:NO]; }\n"
                + "- (void)wait { [c start]; CFRunLoopRun(); }\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { CFRunLoopStop(CFRunLoopGetCurrent()); }\n@end\n",
             "Waits calls CFRunLoopRun(): it runs a run loop until a delegate method stops it"),
            ("@implementation Stops\n- (void)start { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; CFRunLoopRun(); }\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { CFRunLoopStop(self.runLoop); }\n@end\n",
             "Stops calls CFRunLoopStop()"),
            ("@implementation Forever\n- (void)start { [NSURLConnection connectionWithRequest:r delegate:self]; "
                + "[[NSRunLoop mainRunLoop] run]; }\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { }\n@end\n",
             "Forever runs a run loop with -run"),
            ("@implementation Polls\n- (void)start { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
                + "- (void)wait { while (!self.done && [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate distantFuture]]) { } }\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { self.done = YES; }\n@end\n",
             "Polls waits in its run loop with -runMode:beforeDate: until the run loop returns"),
            ("@implementation Forwards\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { [self.owner connectionDidFinishLoading:c]; }\n@end\n",
             "Forwards sends connectionDidFinishLoading: to another object"),
            // Receivers read back from the message's first piece: a member, a cast, a message, a subscript.
            ("@implementation Member\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { [owner->peer connectionDidFinishLoading:c]; }\n@end\n",
             "Member sends connectionDidFinishLoading: to another object"),
            ("@implementation Cast\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { [(id)self.owner connectionDidFinishLoading:c]; }\n@end\n",
             "Cast sends connectionDidFinishLoading: to another object"),
            ("@implementation Asked\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { [[self owner] connectionDidFinishLoading:c]; }\n@end\n",
             "Asked sends connectionDidFinishLoading: to another object"),
            ("@implementation Listed\n- (void)connectionDidFinishLoading:(NSURLConnection *)c { [peers[0] connectionDidFinishLoading:c]; }\n@end\n",
             "Listed sends connectionDidFinishLoading: to another object"),
        ]
        for (source, reason) in cases {
            let result = fixed(source)
            XCTAssertEqual(result.text, source, reason)
            XCTAssertTrue(result.notes.contains { $0.contains(reason) }, "\(result.notes) lacks \(reason)")
        }
    }

    func testFixMovesTheClassAndItsHeaderInOneRunAndASecondRunChangesNothing() throws {
        let tree = try CLITemporaryTree(self)
        let header = try tree.write("Sources/HeadlineClient.h", """
            @interface HeadlineClient : NSObject <NSURLConnectionDelegate, NSURLConnectionDataDelegate>
            @property (nonatomic, strong) NSURLConnection *connection;
            @end

            """)
        try tree.write("Sources/HeadlineClient.m", "#import \"HeadlineClient.h\"\n" + article)
        let first = CLIRun(["--fix", "Sources"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "fixed Sources/HeadlineClient.h (3 edits)\nfixed Sources/HeadlineClient.m (9 edits)\n")
        XCTAssertEqual(first.stderr, "migrate-scan: fixed 0 of 0 Swift files (0 edits); 2 Objective-C files moved to NSURLSession "
            + "(12 edits); 0 Objective-C findings left to migrate by hand\n")
        XCTAssertEqual(try String(contentsOfFile: header, encoding: .utf8), """
            @interface HeadlineClient : NSObject <NSURLSessionDelegate, NSURLSessionDataDelegate>
            @property (nonatomic, strong) NSURLSessionDataTask *connection;
            @end

            """)
        let second = CLIRun(["--fix", "Sources"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(second.stdout, "")
        XCTAssertEqual(second.status, 0)
    }

    func testAHeaderDeclaringADelegateMethodForSubclassesKeepsTheSelectorInBothFilesAndTheSessionCallsIt() throws {
        let tree = try CLITemporaryTree(self)
        let header = """
            @interface FeedLoader : NSObject <NSURLConnectionDataDelegate>
            // Re-declared so that subclasses can call super.
            - (void)connectionDidFinishLoading:(NSURLConnection *)connection;
            @end

            """
        try tree.write("Sources/FeedLoader.h", header)
        let source = "#import \"FeedLoader.h\"\n" + article.replacingOccurrences(of: "HeadlineClient", with: "FeedLoader")
        try tree.write("Sources/FeedLoader.m", source)
        let run = CLIRun(["--fix", "Sources"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stdout.contains("not rewritten"), run.stdout)
        let fixedHeader = try String(contentsOfFile: tree.path("Sources/FeedLoader.h"), encoding: .utf8)
        XCTAssertTrue(fixedHeader.contains("<NSURLSessionDataDelegate>\n// Re-declared so that subclasses can call super.\n"
            + "- (void)connectionDidFinishLoading:(NSURLSessionDataTask *)connection;"), fixedHeader)
        let fixedSource = try String(contentsOfFile: tree.path("Sources/FeedLoader.m"), encoding: .utf8)
        for kept in [
            "- (void)connection:(NSURLSessionDataTask *) connection didReceiveResponse:(NSURLResponse *) response {\n"
                + "    self.receivedData = [NSMutableData data];\n}",
            "- (void)connectionDidFinishLoading:(NSURLSessionDataTask *)connection {\n    [self handleSuccess];\n}",
            "    [self connection:connection didReceiveResponse:response];\n    completionHandler(connection.state == ",
            "    if (error == nil) {\n        [self connectionDidFinishLoading:(NSURLSessionDataTask *)task];\n    } else {\n"
                + "        [self connection:(NSURLSessionDataTask *)task didFailWithError:error];\n    }",
        ] {
            XCTAssertTrue(fixedSource.contains(kept), "\(kept)\n---\n\(fixedSource)")
        }
        let again = CLIRun(["--fix", "Sources"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try String(contentsOfFile: tree.path("Sources/FeedLoader.m"), encoding: .utf8), fixedSource, "a second run changes nothing")
        XCTAssertFalse(again.stdout.contains("not rewritten"), again.stdout)
    }

    func testDelegateMessagesTheClassSendsItselfOrNamesKeepTheirSelectorsButAChallengeMethodCannot() {
        for (source, kept) in [
            ("@implementation TimesOut\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
                + "- (void)expire { [self connection:c didFailWithError:e]; }\n"
                + "- (void)connection:(NSURLConnection *)c didFailWithError:(NSError *)e { }\n@end\n",
             "- (void)connection:(NSURLSessionDataTask *)c didFailWithError:(NSError *)e { }"),
            ("@implementation Dynamic\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
                + "- (void)connectionDidFinishLoading:(NSURLConnection *)c { }\n"
                + "- (void)check { [self performSelector:@selector(connectionDidFinishLoading:) withObject:nil]; }\n@end\n",
             "[self connectionDidFinishLoading:(NSURLSessionDataTask *)task];"),
            // The challenge method is moved, not kept: one session method, no call of a selector that is gone.
            ("@implementation Asks\n- (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }\n"
                + "- (void)expire { [self connection:c didFailWithError:e]; }\n"
                + "- (void)connection:(NSURLConnection *)c willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)a "
                + "{ [a.sender cancelAuthenticationChallenge:a]; }\n"
                + "- (void)connection:(NSURLConnection *)c didFailWithError:(NSError *)e { }\n@end\n",
             "didReceiveChallenge:(NSURLAuthenticationChallenge *)a completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, "
                + "NSURLCredential *))completionHandler { [self sessionTask:c cancelsChallengeWith:completionHandler]; }"),
        ] {
            let result = fixed(source)
            XCTAssertEqual(result.notes, [], source)
            XCTAssertTrue(result.text.contains(kept), result.text)
            XCTAssertTrue(result.text.contains("didCompleteWithError:"), result.text)
            XCTAssertEqual(result.text.components(separatedBy: "didReceiveChallenge:").count, kept.contains("didReceiveChallenge:") ? 2 : 1)
            XCTAssertEqual(fixed(result.text).text, result.text, "a second run changes nothing")
            XCTAssertEqual(fixed(result.text).notes, [], "a second run advises nothing")
        }
        assertLeftAlone("""
            @implementation Asks
            - (void)go { c = [[NSURLConnection alloc] initWithRequest:r delegate:self]; }
            - (void)connection:(NSURLConnection *)c didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)a { }
            - (void)retry { [self connection:c didReceiveAuthenticationChallenge:a]; }
            @end

            """, note: "Asks sends, names or declares its challenge method")
    }
}
