// Started on a background thread that runs its own run loop: NSURLConnection calls back on
// that thread; after the move the session's queue is not the main queue either.
#import "ProofSupport.h"

@interface BackgroundLoader : NSObject <NSURLConnectionDataDelegate>
@property (atomic, assign) BOOL finished;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation BackgroundLoader

- (void)run
{
    @autoreleasepool {
        [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/4096")] delegate:self];
        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];
        while (!self.finished && [deadline timeIntervalSinceNow] > 0) {
            [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
        }
    }
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu", (unsigned long)self.received);
    self.finished = YES;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@", ProofErrorText(error));
    self.finished = YES;
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        BackgroundLoader *loader = [[BackgroundLoader alloc] init];
        [NSThread detachNewThreadSelector:@selector(run) toTarget:loader withObject:nil];
        ProofRunUntilFinished(10);
    }
    return 0;
}
