import Foundation

/// Writes a shape as a legacy Objective-C program (NSURLConnection under ARC) and the driver that
/// runs a batch of them under GNUstep. Each program is one `.m` file with one class (two with a
/// subclass) and a C function `StartProgramN` that the rewrite never touches: the driver calls it.
/// Errors go through ProofSupport.h's `ProofErrorText`, the Objective-C proof's normalisation of
/// the one error GNUstep's two stacks report differently (Docs/ObjectiveCProof.md).
package enum ObjectiveCProgramWriter {
    /// Whether GNUstep can run the shape before and after the rewrite: its NSURLConnection never
    /// reads `timeoutInterval`, so a timeout has no trace to compare; it answers an `HTTPBodyStream`
    /// upload's request with 400; and it lacks `setDelegateQueue:`,
    /// `sendAsynchronousRequest:queue:completionHandler:` and the challenge sender's
    /// `performDefaultHandlingForAuthenticationChallenge:` and
    /// `rejectProtectionSpaceAndContinueWithChallenge:`; its NSURLSession never ends a task whose
    /// redirect the delegate refused (nil), where its NSURLConnection delivers the redirect
    /// response as the final one; a URL protocol whose forwarding connection's redirect it answers
    /// with another request never ends on either stack (the load it serves times out after 60 s,
    /// and its protocol, still registered, takes the next programs' requests) (Docs/Fuzzing.md).
    package static func applies(to shape: ProgramShape) -> Bool {
        shape.exchange != .timeout && shape.exchange != .upload(.bodyStream) && shape.entry != .sendAsynchronous
            && shape.delivery != .delegateQueue && shape.exchange != .challenge(.defaultHandling)
            && shape.exchange != .challenge(.rejectProtectionSpace) && shape.exchange != .redirect(.refuse)
            && !(shape.forwardingProtocol != .none && shape.exchange == .redirect(.modify))
    }

    /// The program's source file.
    package static func program(_ shape: ProgramShape, index: Int) -> String {
        guard shape.forwardingProtocol == .none else { return protocolProgram(shape, index: index) }
        var shape = shape
        // GNUstep's NSURLSession follows a redirect only when its delegate implements the redirect
        // method, unlike Apple's: a redirect always comes with one (Docs/Fuzzing.md).
        if case .redirect = shape.exchange, shape.entry == .delegate { shape.methods.insert(.redirect) }
        let name = ProgramText.className(index)
        let delegateClass = shape.subclass ? name + "Base" : name
        var lines = ["// \(shape.summary)", "#import \"ProofSupport.h\"", ""]
        let conformance = shape.entry == .delegate ? " <NSURLConnectionDelegate, NSURLConnectionDataDelegate>" : ""
        lines += [
            "@interface \(delegateClass) : NSObject\(conformance)",
            "@property (nonatomic, strong) NSMutableArray *events;",
            "@property (nonatomic, copy) void (^done)(NSArray *);",
            "@property (nonatomic, copy) NSString *base;",
            "@property (nonatomic, strong) NSURLRequest *request;",
            "@property (nonatomic, strong) NSOperationQueue *queue;",
        ] + connectionProperties
        if !shape.subclass { lines.append("- (void)loadWithBase:(NSString *)base;") }
        lines += ["@end", "", "@implementation \(delegateClass)", ""]
        lines += state(shape, index: index)
        if shape.entry == .delegate { lines += delegateMethods(shape) }
        if shape.subclass {
            lines += ["@end", "", "@interface \(name) : \(delegateClass)", "- (void)loadWithBase:(NSString *)base;", "@end", "",
                      "@implementation \(name)", ""]
        }
        lines += load(shape, index: index)
        lines += [
            "@end", "",
            "id Start\(name)(NSString *base, void (^done)(NSArray *))",
            "{",
            "    \(name) *program = [[\(name) alloc] init];",
            "    program.done = done;",
            "    [program loadWithBase:base];",
            "    return program;",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The driver: runs every program in turn, spinning the main run loop until it reports or
    /// 10 s pass, and prints one trace line per program.
    package static func driver(indices: [Int]) -> String {
        var lines = ["#import \"ProofSupport.h\"", ""]
        for index in indices {
            lines.append("id Start\(ProgramText.className(index))(NSString *base, void (^done)(NSArray *));")
        }
        lines += [
            "",
            "static void RunProgram(NSString *name, NSString *base, id (*start)(NSString *, void (^)(NSArray *)))",
            "{",
            "    @autoreleasepool {",
            "        __block NSArray *trace = nil;",
            "        NSLock *lock = [[NSLock alloc] init];",
            "        id program = start(base, ^(NSArray *events) { [lock lock]; if (trace == nil) trace = [events copy]; [lock unlock]; });",
            "        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];",
            "        while ([deadline timeIntervalSinceNow] > 0) {",
            "            [lock lock]; BOOL finished = trace != nil; [lock unlock];",
            "            if (finished) break;",
            "            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.02]];",
            "        }",
            "        [lock lock];",
            "        printf(\"%s: %s\\n\", [name UTF8String], trace ? [[trace componentsJoinedByString:@\" | \"] UTF8String] : \"deadline\");",
            "        [lock unlock];",
            "        fflush(stdout);",
            "        (void)program;",
            "    }",
            "}",
            "",
            "int main(int argc, char **argv)",
            "{",
            "    NSString *base = [NSString stringWithFormat:@\"http://127.0.0.1:%s\", argv[1]];",
        ]
        for index in indices {
            let name = ProgramText.className(index)
            lines.append("    RunProgram(@\"\(name)\", base, Start\(name));")
        }
        lines += ["    return 0;", "}", ""]
        return lines.joined(separator: "\n")
    }

    private static func url(_ path: String) -> String {
        let format = path.replacingOccurrences(of: "BASE", with: "%@")
        let arguments = path.contains("BASE") ? "self.base, self.base" : "self.base"
        return "[NSURL URLWithString:[NSString stringWithFormat:@\"%@\(format)\", \(arguments)]]"
    }

    private static func requestExpression(_ shape: ProgramShape, index: Int) -> String {
        guard let path = ProgramText.path(of: shape.exchange, program: ProgramText.className(index)) else {
            return "[NSURLRequest requestWithURL:[NSURL URLWithString:@\"http://127.0.0.1:1/\"]]"
        }
        if case .upload = shape.exchange { return "[self makeRequest]" }
        return "[NSURLRequest requestWithURL:\(url(path))]"
    }

    /// The connections the delegate methods tell apart, and which of them have started and ended.
    private static let connectionProperties = [
        "@property (nonatomic, strong) NSURLConnection *first;",
        "@property (nonatomic, strong) NSURLConnection *second;",
        "@property (nonatomic, strong) NSURLConnection *last;",
        "@property (nonatomic) BOOL cancelled;",
        "@property (nonatomic, strong) NSMutableSet *started;",
        "@property (nonatomic, strong) NSMutableSet *ended;",
    ]

    /// The delegate's trace and its end: the program reports once every connection it started has ended.
    private static let bookkeeping = [
        "- (void)record:(NSString *)event",
        "{",
        "    [self.events addObject:event];",
        "}",
        "",
        "- (void)end:(NSString *)who",
        "{",
        "    [self.ended addObject:who];",
        "    NSMutableSet *open = [self.started mutableCopy];",
        "    [open minusSet:self.ended];",
        "    if (self.cancelled) [open removeObject:@\"a\"];",
        "    if (open.count == 0 && self.done) {",
        "        self.done(self.events);",
        "        self.done = nil;",
        "    }",
        "}",
        "",
    ]

    /// `-makeRequest`: an upload's request, or a fixed one.
    private static func requestMaker(_ shape: ProgramShape) -> [String] {
        var lines = ["- (NSURLRequest *)makeRequest", "{"]
        if case .upload(let kind) = shape.exchange {
            lines += [
                "    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:\(url("/echo"))];",
                "    request.HTTPMethod = @\"POST\";",
                "    NSData *body = [NSMutableData dataWithLength:\(ProgramText.uploadLength)];",
                kind == .httpBody ? "    request.HTTPBody = body;" : "    request.HTTPBodyStream = [NSInputStream inputStreamWithData:body];",
                "    return request;",
            ]
        } else {
            lines.append("    return [NSURLRequest requestWithURL:\(url("/bytes/1"))];")
        }
        return lines + ["}", ""]
    }

    private static func state(_ shape: ProgramShape, index: Int) -> [String] {
        let queue = shape.entry == .delegate && shape.delivery == .delegateQueue
            ? ["    self.queue = [[NSOperationQueue alloc] init];", "    self.queue.maxConcurrentOperationCount = 1;"]
            : ["    self.queue = [NSOperationQueue mainQueue];"]
        var lines = [
            "- (instancetype)init",
            "{",
            "    self = [super init];",
            "    self.events = [NSMutableArray array];",
            "    self.started = [NSMutableSet set];",
            "    self.ended = [NSMutableSet set];",
            "    self.request = [NSURLRequest requestWithURL:[NSURL URLWithString:@\"http://127.0.0.1:1/unset\"]];",
        ] + queue + [
            "    return self;",
            "}",
            "",
        ] + bookkeeping + requestMaker(shape)
        if shape.entry == .delegate && shape.cancel != .never {
            // Every connection is counted before it starts: on a queue it may end at once.
            lines += ["- (void)startLast", "{", "    [self.started addObject:@\"c\"];"]
            lines += create(shape, property: "last", argument: "[NSURLRequest requestWithURL:\(url(ProgramText.lastConnectionPath))]",
                            start: true).map { "    " + $0 }
            lines += ["}", ""]
        }
        if shape.entry == .delegate && shape.delivery != .mainRunLoop {
            // One creation for every connection: a class creates its connections in one place
            // when each needs the same queue or run loop. The caller starts it once it has stored
            // it: a queue's delegate calls, on another thread, read the stored connections.
            lines += [
                "- (NSURLConnection *)connect:(NSURLRequest *)request",
                "{",
                "    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:request delegate:self startImmediately:NO];",
                shape.delivery == .delegateQueue
                    ? "    [connection setDelegateQueue:self.queue];"
                    : "    [connection scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];",
                "    return connection;",
                "}", "",
            ]
        }
        return lines
    }

    private static func create(_ shape: ProgramShape, property: String, argument: String, start: Bool) -> [String] {
        let assign = "self.\(property) = "
        switch (shape.delivery, start) {
        case (.mainRunLoop, true): return [assign + "[[NSURLConnection alloc] initWithRequest:\(argument) delegate:self];"]
        case (.mainRunLoop, false): return [assign + "[[NSURLConnection alloc] initWithRequest:\(argument) delegate:self startImmediately:NO];"]
        default: return [assign + "[self connect:\(argument)];", "[self.\(property) start];"]
        }
    }

    private static func load(_ shape: ProgramShape, index: Int) -> [String] {
        let expression = requestExpression(shape, index: index)
        var lines = ["- (void)loadWithBase:(NSString *)base", "{", "    self.base = base;"]
        var body: [String] = []
        let argument: String
        let queueArgument: String
        switch shape.argument {
        case .storedProperty:
            body.append("self.request = \(expression);")
            argument = "self.request"
            queueArgument = "self.queue"
        case .local:
            body.append("NSURLRequest *request = \(expression);")
            argument = "request"
            // GNUstep lacks sendAsynchronousRequest:queue:completionHandler:, the one call with a queue.
            queueArgument = "[NSOperationQueue mainQueue]"
        case .expression:
            argument = expression
            queueArgument = "[NSOperationQueue mainQueue]"
        }
        switch shape.entry {
        case .delegate:
            let startNow = shape.cancel != .beforeStart
            // Every connection is counted before the first starts: on a queue it may end at once.
            body.append(shape.connections == 2 ? "[self.started addObjectsFromArray:@[@\"a\", @\"b\"]];" : "[self.started addObject:@\"a\"];")
            body += create(shape, property: "first", argument: argument, start: startNow)
            if shape.connections == 2 {
                body += create(shape, property: "second", argument: argument, start: true)
            }
            if !startNow {
                body += ["[self.first cancel];", "self.cancelled = YES;", "[self record:@\"a cancelled\"];", "[self startLast];"]
            }
        case .sendAsynchronous:
            body += [
                "[NSURLConnection sendAsynchronousRequest:\(argument) queue:\(queueArgument)"
                    + " completionHandler:^(NSURLResponse *response, NSData *data, NSError *error) {",
                "    NSInteger status = [response isKindOfClass:[NSHTTPURLResponse class]] ? [(NSHTTPURLResponse *)response statusCode] : 0;",
                "    [self record:[NSString stringWithFormat:@\"a async %ld %ld %@ main=%d\", (long)status, data ? (long)data.length : -1L,"
                    + " ProofErrorText(error), [NSThread isMainThread] ? 1 : 0]];",
                "    self.done(self.events);",
                "}];",
            ]
        case .sendSynchronous:
            body += [
                "NSURLResponse *response = nil;",
                "NSError *error = nil;",
                "NSData *data = [NSURLConnection sendSynchronousRequest:\(argument) returningResponse:&response error:&error];",
                "NSInteger status = [response isKindOfClass:[NSHTTPURLResponse class]] ? [(NSHTTPURLResponse *)response statusCode] : 0;",
                "[self record:[NSString stringWithFormat:@\"a sync %ld %ld %@\", (long)status, data ? (long)data.length : -1L, ProofErrorText(error)]];",
                "self.done(self.events);",
            ]
        }
        if shape.argument == .storedProperty {
            body.append("self.request = [NSURLRequest requestWithURL:\(url(ProgramText.reassignedPath))];")
        }
        lines += body.map { "    " + $0 } + ["}", ""]
        return lines
    }

    private static let who = "NSString *who = connection == self.last ? @\"c\" : connection == self.second ? @\"b\" : @\"a\";"

    private static func cancelHere(_ then: String) -> [String] {
        [
            "    if ([who isEqualToString:@\"a\"] && !self.cancelled) {",
            "        [connection cancel];",
            "        self.cancelled = YES;",
            "        [self record:@\"a cancelled\"];",
            "        [self startLast];",
            "        \(then)",
            "    }",
        ]
    }

    private static func delegateMethods(_ shape: ProgramShape) -> [String] {
        var lines: [String] = []
        if shape.methods.contains(.redirect) {
            lines += [
                "- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request"
                    + " redirectResponse:(NSURLResponse *)response",
                "{",
                // A redirect method that reads its connection stays on NSURLConnection: read it only when it tells something.
                shape.readsConnectionInRedirect
                    ? "    \(who)"
                    : "    NSString *who = [request.URL.path isEqualToString:@\"\(ProgramText.lastConnectionPath)\"] ? @\"c\" : @\"a\";",
                "    NSString *status = response ? [NSString stringWithFormat:@\"%ld\", (long)[(NSHTTPURLResponse *)response statusCode]] : @\"nil\";",
                "    [self record:[NSString stringWithFormat:@\"%@ willSend %@ redirect=%@\", who, request.URL.path, status]];",
                "    if (response == nil) return request;",
            ]
            if shape.cancel == .inRedirect { lines += cancelHere("return nil;") }
            switch shape.exchange {
            case .redirect(.refuse): lines.append("    return nil;")
            case .redirect(.modify) where shape.forwardingProtocol != .none:
                // A protocol's own request carries its mark, or the protocol would load it again.
                lines += [
                    "    NSMutableURLRequest *modified = [NSMutableURLRequest requestWithURL:\(url(ProgramText.modifiedRedirectPath))];",
                    "    [NSURLProtocol setProperty:@YES forKey:@\"\(forwardedKey)\" inRequest:modified];",
                    "    return modified;",
                ]
            case .redirect(.modify): lines.append("    return [NSURLRequest requestWithURL:\(url(ProgramText.modifiedRedirectPath))];")
            default: lines.append("    return request;")
            }
            lines += ["}", ""]
        }
        if shape.methods.contains(.challenge) {
            let answer: String
            switch shape.exchange {
            case .challenge(.continueWithout): answer = "[challenge.sender continueWithoutCredentialForAuthenticationChallenge:challenge];"
            case .challenge(.cancel): answer = "[challenge.sender cancelAuthenticationChallenge:challenge];"
            case .challenge(.defaultHandling): answer = "[challenge.sender performDefaultHandlingForAuthenticationChallenge:challenge];"
            case .challenge(.rejectProtectionSpace): answer = "[challenge.sender rejectProtectionSpaceAndContinueWithChallenge:challenge];"
            default:
                answer = "[challenge.sender useCredential:[NSURLCredential credentialWithUser:@\"\(ProgramText.credential.user)\" "
                    + "password:@\"\(ProgramText.credential.password)\" persistence:NSURLCredentialPersistenceNone] forAuthenticationChallenge:challenge];"
            }
            lines += [
                "- (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge",
                "{",
                "    \(who)",
                "    [self record:[NSString stringWithFormat:@\"%@ challenge %@ failures=%ld\", who,"
                    + " [challenge.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodHTTPBasic] ? @\"basic\" : @\"other\","
                    + " (long)challenge.previousFailureCount]];",
                "    if (challenge.previousFailureCount > 0) {",
                "        [challenge.sender cancelAuthenticationChallenge:challenge];",
                "        return;",
                "    }",
                "    \(answer)",
                "}", "",
            ]
        }
        if shape.methods.contains(.sentBody) {
            lines += [
                "- (void)connection:(NSURLConnection *)connection didSendBodyData:(NSInteger)bytesWritten"
                    + " totalBytesWritten:(NSInteger)totalBytesWritten totalBytesExpectedToWrite:(NSInteger)totalBytesExpectedToWrite",
                "{",
                "    \(who)",
                "    if (totalBytesWritten == \(ProgramText.uploadLength)) [self record:[NSString stringWithFormat:@\"%@ sent %ld\", who, (long)totalBytesWritten]];",
                "}", "",
            ]
        }
        if shape.methods.contains(.response) {
            lines += [
                "- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response",
                "{",
                "    \(who)",
                "    NSInteger status = [(NSHTTPURLResponse *)response statusCode];",
                "    [self record:[NSString stringWithFormat:@\"%@ response %ld \(threadFormat(shape))\", who, (long)status, \(threadArguments(shape))]];",
            ] + client(shape, "[self.client URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];")
            if shape.cancel == .inResponse { lines += cancelHere("return;") }
            if shape.selfSentFailure {
                lines += [
                    "    if (status >= 400 && ![who isEqualToString:@\"c\"]) {",
                    "        [connection cancel];",
                    "        [self connection:connection didFailWithError:[NSError errorWithDomain:@\"Program\" code:status userInfo:nil]];",
                    "    }",
                ]
            }
            lines += ["}", ""]
        }
        if shape.methods.contains(.data) {
            lines += [
                "- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data",
                "{",
                "    \(who)",
                // The bytes before a cancel in this method depend on how the body was split.
                shape.cancel == .inData
                    ? "    [self record:[who isEqualToString:@\"a\"] ? @\"a data\" : [NSString stringWithFormat:@\"%@ data %ld\", who, (long)data.length]];"
                    : "    [self record:[NSString stringWithFormat:@\"%@ data %ld\", who, (long)data.length]];",
            ] + client(shape, "[self.client URLProtocol:self didLoadData:data];")
            if shape.cancel == .inData { lines += cancelHere("") }
            lines += ["}", ""]
        }
        lines += [
            "- (void)connectionDidFinishLoading:(NSURLConnection *)connection",
            "{",
            "    \(who)",
            "    [self record:[NSString stringWithFormat:@\"%@ finish \(threadFormat(shape))\", who, \(threadArguments(shape))]];",
        ] + client(shape, "[self.client URLProtocolDidFinishLoading:self];") + [
            "    [self end:who];",
            "}", "",
            "- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error",
            "{",
            "    \(who)",
            "    [self record:[NSString stringWithFormat:@\"%@ fail %@ \(threadFormat(shape))\", who, ProofErrorText(error), \(threadArguments(shape))]];",
        ] + client(shape, "[self.client URLProtocol:self didFailWithError:error];") + [
            "    [self end:who];",
            "}", "",
        ]
        return lines
    }

    /// The request property that marks a forwarding protocol's own requests (each program's
    /// protocol is registered only while its load runs).
    private static let forwardedKey = "Forwarded"

    /// A trace line's thread: the main thread's flag, and a forwarding protocol's loading thread's.
    private static func threadFormat(_ shape: ProgramShape) -> String {
        shape.forwardingProtocol == .none ? "main=%d" : "main=%d loading=%d"
    }

    private static func threadArguments(_ shape: ProgramShape) -> String {
        "[NSThread isMainThread] ? 1 : 0" + (shape.forwardingProtocol == .none ? "" : ", [NSThread currentThread] == self.loadingThread ? 1 : 0")
    }

    /// A forwarding protocol's call to its client, as a line of a delegate method.
    private static func client(_ shape: ProgramShape, _ call: String) -> [String] {
        shape.forwardingProtocol == .none ? [] : ["    " + call]
    }

    /// A forwarding protocol's program: the protocol class, with the shape's delegate methods, and
    /// a class that loads its request synchronously with the protocol registered, on the main
    /// thread or a thread of its own. The load stays on NSURLConnection (NSURLSession has no
    /// synchronous call), which consults the protocol; GNUstep's NSURLSession would not.
    private static func protocolProgram(_ shape: ProgramShape, index: Int) -> String {
        var shape = shape
        if case .redirect = shape.exchange { shape.methods.insert(.redirect) }
        let name = ProgramText.className(index)
        let events = name + "Events"
        var lines = [
            "// \(shape.summary)", "#import \"ProofSupport.h\"", "",
            "static NSMutableArray *\(events);", "",
            "@interface \(name) : NSURLProtocol <NSURLConnectionDelegate, NSURLConnectionDataDelegate>",
            "@property (nonatomic, strong) NSMutableArray *events;",
            "@property (nonatomic, copy) void (^done)(NSArray *);",
            "@property (nonatomic, copy) NSString *base;",
            "@property (nonatomic, strong) NSThread *loadingThread;",
        ] + connectionProperties + [
            "@end", "",
            "@implementation \(name)", "",
            "+ (BOOL)canInitWithRequest:(NSURLRequest *)request",
            "{",
            "    return [NSURLProtocol propertyForKey:@\"\(forwardedKey)\" inRequest:request] == nil;",
            "}", "",
            "+ (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request",
            "{",
            "    return request;",
            "}", "",
            "- (void)startLoading",
            "{",
            "    self.events = \(events);",
            "    self.started = [NSMutableSet setWithObject:@\"a\"];",
            "    self.ended = [NSMutableSet set];",
            "    self.loadingThread = [NSThread currentThread];",
            "    NSMutableURLRequest *request = [self.request mutableCopy];",
            "    [NSURLProtocol setProperty:@YES forKey:@\"\(forwardedKey)\" inRequest:request];",
            "    [self record:[NSString stringWithFormat:@\"a protocol starts main=%d\", [NSThread isMainThread] ? 1 : 0]];",
            "    self.first = [[NSURLConnection alloc] initWithRequest:request delegate:self];",
            "}", "",
            "- (void)stopLoading",
            "{",
            "    [self.first cancel];",
            "}", "",
        ]
        // The delegate's bookkeeping; the protocol's load ends when the synchronous load returns.
        lines += bookkeeping
        lines += delegateMethods(shape)
        lines += [
            "@end", "",
            "@interface \(name)Load : NSObject",
            "@property (nonatomic, copy) void (^done)(NSArray *);",
            "@property (nonatomic, copy) NSString *base;",
            "@end", "",
            "@implementation \(name)Load", "",
        ]
        lines += requestMaker(shape)
        lines += [
            "- (void)load",
            "{",
            "    @autoreleasepool {",
            "        [NSURLProtocol registerClass:[\(name) class]];",
            "        NSURLResponse *response = nil;",
            "        NSError *error = nil;",
            "        NSData *data = [NSURLConnection sendSynchronousRequest:\(requestExpression(shape, index: index)) returningResponse:&response error:&error];",
            "        [NSURLProtocol unregisterClass:[\(name) class]];",
            "        NSInteger status = [response isKindOfClass:[NSHTTPURLResponse class]] ? [(NSHTTPURLResponse *)response statusCode] : 0;",
            "        [\(events) addObject:[NSString stringWithFormat:@\"a sync %ld %ld %@ main=%d\", (long)status, data ? (long)data.length : -1L,"
                + " ProofErrorText(error), [NSThread isMainThread] ? 1 : 0]];",
            "        self.done(\(events));",
            "    }",
            "}", "",
            "@end", "",
            "id Start\(name)(NSString *base, void (^done)(NSArray *))",
            "{",
            "    \(events) = [NSMutableArray array];",
            "    \(name)Load *program = [[\(name)Load alloc] init];",
            "    program.base = base;",
            "    program.done = done;",
            shape.forwardingProtocol == .ownThread
                ? "    [NSThread detachNewThreadSelector:@selector(load) toTarget:program withObject:nil];" : "    [program load];",
            "    return program;",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }
}
