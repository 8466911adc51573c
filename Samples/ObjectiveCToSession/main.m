// Runs FeedLoader against the loopback server whose port is the only argument and prints what
// its delegate sees, with the thread: a load cancelled at once (which must stay silent), a feed
// that moved (a redirect), a 404, and a refused connection. `.ci/check-objc-proof` runs this
// program as written and after `migrate-scan --fix`; both must print expected-trace.txt.
#import "FeedLoader.h"

@interface Reader : NSObject <FeedLoaderDelegate>
@property (nonatomic, assign) NSUInteger finished;
@end

@implementation Reader

- (void)feedLoader:(FeedLoader *)loader didLoadItems:(NSArray *)items
{
    printf("loaded %lu items [%s], status %ld, main=%d\n", (unsigned long)items.count,
           [[items componentsJoinedByString:@", "] UTF8String], (long)loader.statusCode, [NSThread isMainThread]);
    self.finished += 1;
}

- (void)feedLoader:(FeedLoader *)loader didFailWithError:(NSError *)error
{
    // GNUstep's NSURLConnection reports a refused connection in NSPOSIXErrorDomain, its
    // NSURLSession (like Apple's both) as NSURLErrorCannotConnectToHost: print what they share.
    printf("failed: %s, main=%d\n", error ? "error" : "none", [NSThread isMainThread]);
    self.finished += 1;
}

@end

static void RunUntil(Reader *reader, NSUInteger finished)
{
    NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:20];
    while (reader.finished < finished && [deadline timeIntervalSinceNow] > 0) {
        [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
    }
}

static void Load(Reader *reader, NSString *url, NSUInteger finished)
{
    FeedLoader *loader = [[FeedLoader alloc] init];
    loader.delegate = reader;
    [loader loadFeedAtURL:[NSURL URLWithString:url]];
    RunUntil(reader, finished);
}

int main(int argc, char **argv)
{
    @autoreleasepool {
        if (argc < 2) return 2;
        NSString *base = [NSString stringWithFormat:@"http://127.0.0.1:%s", argv[1]];
        Reader *reader = [[Reader alloc] init];

        FeedLoader *cancelled = [[FeedLoader alloc] init];
        cancelled.delegate = reader;
        [cancelled loadFeedAtURL:[NSURL URLWithString:[base stringByAppendingString:@"/delay/300"]]];
        [cancelled cancel];

        // An absolute Location: GNUstep's NSURLConnection stalls on a relative one (Docs/ObjectiveCProof.md).
        Load(reader, [NSString stringWithFormat:@"%@/redirect-to?url=%@/status/200", base, base], 1);
        Load(reader, [base stringByAppendingString:@"/status/404"], 2);
        Load(reader, @"http://127.0.0.1:1/", 3);
        printf("done: %lu callbacks\n", (unsigned long)reader.finished);
    }
    return 0;
}
