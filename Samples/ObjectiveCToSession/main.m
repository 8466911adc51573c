// Runs NewsLoader against the loopback server whose port is the only argument and prints what
// its delegate sees, with the thread: a load, a load cancelled at once (which must stay
// silent), a 404, and a refused connection. `.ci/check-objc-proof` runs this program as
// written and after `migrate-scan --fix`; both must print expected-trace.txt.
#import "NewsLoader.h"

@interface Reader : NSObject <NewsLoaderDelegate>
@property (nonatomic, assign) NSUInteger finished;
@end

@implementation Reader

- (void)newsLoader:(NewsLoader *)loader didLoadData:(NSData *)data status:(NSInteger)status
{
    printf("%s: loaded %lu bytes, status %ld, main=%d\n", loader.username ? "private" : "public",
           (unsigned long)data.length, (long)status, [NSThread isMainThread]);
    self.finished += 1;
}

- (void)newsLoader:(NewsLoader *)loader didFailWithError:(NSError *)error
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

int main(int argc, char **argv)
{
    @autoreleasepool {
        if (argc < 2) return 2;
        NSString *base = [NSString stringWithFormat:@"http://127.0.0.1:%s", argv[1]];
        Reader *reader = [[Reader alloc] init];

        NewsLoader *cancelled = [[NewsLoader alloc] init];
        cancelled.delegate = reader;
        [cancelled loadURL:[NSURL URLWithString:[base stringByAppendingString:@"/delay/300"]]];
        [cancelled cancel];

        NewsLoader *news = [[NewsLoader alloc] init];
        news.delegate = reader;
        [news loadURL:[NSURL URLWithString:[base stringByAppendingString:@"/bytes/2048"]]];
        RunUntil(reader, 1);

        NewsLoader *missing = [[NewsLoader alloc] init];
        missing.delegate = reader;
        [missing loadURL:[NSURL URLWithString:[base stringByAppendingString:@"/status/404"]]];
        RunUntil(reader, 2);

        NewsLoader *refused = [[NewsLoader alloc] init];
        refused.delegate = reader;
        [refused loadURL:[NSURL URLWithString:@"http://127.0.0.1:1/"]];
        RunUntil(reader, 3);
        printf("done: %lu callbacks\n", (unsigned long)reader.finished);
    }
    return 0;
}
