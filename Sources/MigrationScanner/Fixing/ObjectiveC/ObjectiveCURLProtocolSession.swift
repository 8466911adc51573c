/// The class added before a URL protocol moved to NSURLSession
/// (`ConnectionMigrationPlan.forwardsForURLProtocol`). NSURLProtocol makes an instance per
/// request, so a session per instance would be a session per request: the protocol's tasks come
/// from one session for the class instead, created once and kept, whose delegate (this class)
/// hands each call to the instance whose task it is, holding that instance from the task's
/// creation to its end as NSURLConnection held its delegate. Each task's calls go through a serial
/// queue of its own: an instance waiting for its loading thread holds up no other instance. The session's configuration is the
/// default one, which does not list the protocol (Docs/MigrationGuide.md). One class per moved
/// class, named after it, so two files of one target never define it twice.
enum ObjectiveCURLProtocolSession {
    static func className(for protocolClass: String) -> String {
        protocolClass + "SessionRouter"
    }

    /// The `@interface` and `@implementation`, written with four spaces a level, forwarding the
    /// session methods the moved class has: one per delegate method with a session counterpart,
    /// the redirect method (always added) and the completion method.
    static func declaration(for plan: ConnectionMigrationPlan) -> String {
        let name = className(for: plan.className)
        let roles = Set(plan.delegateMethods.map(\.role))
        let forwarded = forwardedRoles.filter { roles.contains($0.role) }.compactMap { $0.role.sessionDeclaration(parameterNames: $0.names) }
            + [redirectDeclaration]
        let forwarding = forwarded.map { declaration in
            "\(declaration)\n{\n    [self forTask:\(firstTaskName(in: declaration)) deliver:^(id<NSURLSessionDataDelegate> protocol) {\n"
                + "        \(message(to: "protocol", declaredAs: declaration));\n    }];\n}\n"
        }.joined(separator: "\n")
        let key = "[NSNumber numberWithUnsignedInteger:task.taskIdentifier]"
        return """
            // Hands the calls of the session every \(plan.className) shares to the instance whose task it is.
            @interface \(name) : NSObject <NSURLSessionDataDelegate>
            + (NSURLSessionDataTask *)dataTaskWithRequest:(NSURLRequest *)request forProtocol:(id<NSURLSessionDataDelegate>)protocol;
            @end

            @implementation \(name) {
                NSMutableDictionary *_protocols;
                NSMutableDictionary *_queues;
            }

            // A task of the class's one session, created at the first request and kept (NSURLProtocol
            // makes an instance per request); `protocol` gets its calls until it ends. The session and
            // the routes change under a lock no other code takes.
            + (NSURLSessionDataTask *)dataTaskWithRequest:(NSURLRequest *)request forProtocol:(id<NSURLSessionDataDelegate>)protocol
            {
                static NSURLSession *session = nil;
                static \(name) *router = nil;
                @synchronized ([NSURLSession class]) {
                    if (session == nil) {
                        router = [[\(name) alloc] init];
                        session = [NSURLSession sessionWithConfiguration:[NSURLSessionConfiguration defaultSessionConfiguration]
                                                                delegate:router
                                                           delegateQueue:nil];
            #if !__has_feature(objc_arc)
                        [session retain];
            #endif
                    }
                    NSURLSessionDataTask *task = [session dataTaskWithRequest:request];
                    NSOperationQueue *queue = [[NSOperationQueue alloc] init];
                    queue.maxConcurrentOperationCount = 1;
                    [router->_protocols setObject:protocol forKey:\(key)];
                    [router->_queues setObject:queue forKey:\(key)];
            #if !__has_feature(objc_arc)
                    [queue release];
            #endif
                    return task;
                }
            }

            - (id)init
            {
                if ((self = [super init])) {
                    _protocols = [[NSMutableDictionary alloc] init];
                    _queues = [[NSMutableDictionary alloc] init];
                }
                return self;
            }

            // Hands `call` the instance of `task`, on the task's queue (which the block keeps until it has run).
            - (void)forTask:(NSURLSessionTask *)task deliver:(void (^)(id<NSURLSessionDataDelegate> protocol))call
            {
                id<NSURLSessionDataDelegate> protocol;
                NSOperationQueue *queue;
                @synchronized ([NSURLSession class]) {
                    protocol = [_protocols objectForKey:\(key)];
                    queue = [_queues objectForKey:\(key)];
                }
                [queue addOperationWithBlock:^{
                    call(protocol);
                    (void)queue;
                }];
            }

            // GNUstep's headers deprecate the block-taking delegate methods its NSURLSession still calls.
            #pragma clang diagnostic push
            #pragma clang diagnostic ignored "-Wdeprecated-declarations"
            \(forwarding)#pragma clang diagnostic pop

            - (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error
            {
                [self forTask:task deliver:^(id<NSURLSessionDataDelegate> protocol) {
                    [protocol URLSession:session task:task didCompleteWithError:error];
                }];
                @synchronized ([NSURLSession class]) {
                    [_protocols removeObjectForKey:\(key)];
                    [_queues removeObjectForKey:\(key)];
                }
            }

            @end


            """
    }

    /// The roles whose session methods the router forwards, with the parameter names it gives them.
    private static let forwardedRoles: [(role: ConnectionDelegateRole, names: [String])] = [
        (.response, ["dataTask", "response"]),
        (.data, ["dataTask", "data"]),
        (.cache, ["dataTask", "proposedResponse"]),
        (.uploadProgress, ["task", "bytesSent", "totalBytesSent", "totalBytesExpectedToSend"]),
        (.bodyStream, ["task"]),
        (.challenge, ["task", "challenge"]),
    ]

    private static let redirectDeclaration = "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task "
        + "willPerformHTTPRedirection:(NSHTTPURLResponse *)response newRequest:(NSURLRequest *)request "
        + "completionHandler:(void (^)(NSURLRequest *))completionHandler"

    /// The name of the second parameter of a session method's `declaration`: its task.
    private static func firstTaskName(in declaration: String) -> String {
        parameters(of: declaration)[1].name
    }

    /// `[receiver piece:name …]`: the message a method `declaration` receives, passing its own parameters.
    static func message(to receiver: String, declaredAs declaration: String) -> String {
        "[\(receiver) " + parameters(of: declaration).map { "\($0.piece):\($0.name)" }.joined(separator: " ") + "]"
    }

    /// The selector pieces and parameter names of a method declaration the migration writes
    /// (`- (type)piece:(type)name …`; a type may hold parentheses, as a block's does).
    private static func parameters(of declaration: String) -> [(piece: String, name: String)] {
        var characters = Substring(declaration)
        /// Drops a parenthesised type, nested parentheses included.
        func dropType() {
            var depth = 0
            while let first = characters.first {
                characters.removeFirst()
                if first == "(" { depth += 1 }
                if first == ")" { depth -= 1; if depth == 0 { return } }
            }
        }
        func word() -> String {
            characters = characters.drop { $0 == " " }
            let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            characters = characters.dropFirst(word.count)
            return String(word)
        }
        characters = characters.drop { $0 != "(" }
        dropType()
        var result: [(piece: String, name: String)] = []
        while case let piece = word(), !piece.isEmpty, characters.first == ":" {
            characters.removeFirst()
            dropType()
            result.append((piece, word()))
        }
        return result
    }
}
