/// The class added before a moved class whose challenge method hands its challenge on (three20's
/// loader passes it to its queue, MKNetworkKit's operation to a block): whoever receives it answers
/// through `challenge.sender`, which an NSURLSession challenge does not honour, so the moved method
/// hands on a copy whose sender turns each answer into the session's completion handler call.
/// One class per moved class, named after it, so two files of one target never define it twice.
enum ObjectiveCChallengeSender {
    static func className(for movedClass: String) -> String {
        movedClass + "SessionChallengeSender"
    }

    /// The `@interface` and `@implementation`, written with four spaces a level.
    static func declaration(for movedClass: String) -> String {
        let name = className(for: movedClass)
        let handler = "void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *)"
        // One method per sender message, each answering with its disposition.
        let answers = ChallengeAnswerCatalogue.entries.map { entry in
            let declaration = entry.passesCredential
                ? "- (void)\(entry.objectiveCPiece):(NSURLCredential *)credential forAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge"
                : "- (void)\(entry.objectiveCPiece):(NSURLAuthenticationChallenge *)challenge"
            return declaration + "\n{\n    [self answer:\(entry.objectiveCDisposition) credential:\(entry.passesCredential ? "credential" : "nil")];\n}\n"
        }.joined(separator: "\n")
        return """
            // Answers a challenge \(movedClass) hands on, through the sender NSURLConnection gave it, with
            // the session's completion handler: an NSURLSession challenge's own sender does not answer.
            // The first answer counts; the session takes one.
            @interface \(name) : NSObject <NSURLAuthenticationChallengeSender>
            + (NSURLAuthenticationChallenge *)challenge:(NSURLAuthenticationChallenge *)challenge answeringWith:(\(handler))completionHandler;
            @end

            @implementation \(name) {
                \(handler.replacingOccurrences(of: "(^)", with: "(^_completionHandler)"));
            }

            + (NSURLAuthenticationChallenge *)challenge:(NSURLAuthenticationChallenge *)challenge answeringWith:(\(handler))completionHandler
            {
                \(name) *sender = [[self alloc] init];
                sender->_completionHandler = [completionHandler copy];
                NSURLAuthenticationChallenge *answered = [[NSURLAuthenticationChallenge alloc] initWithAuthenticationChallenge:challenge sender:sender];
            #if !__has_feature(objc_arc)
                [sender release];
                [answered autorelease];
            #endif
                return answered;
            }

            - (void)answer:(NSURLSessionAuthChallengeDisposition)disposition credential:(NSURLCredential *)credential
            {
                if (_completionHandler == nil) {
                    return;
                }
                _completionHandler(disposition, credential);
            #if !__has_feature(objc_arc)
                [_completionHandler release];
            #endif
                _completionHandler = nil;
            }

            #if !__has_feature(objc_arc)
            - (void)dealloc
            {
                [_completionHandler release];
                [super dealloc];
            }
            #endif

            \(answers)
            @end


            """
    }
}
