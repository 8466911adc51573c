// -setDelegateQueue: between a startImmediately:NO creation and -start: every delegate method
// runs on that queue (a serial queue of the loader's, so off the main thread), ARC. GNUstep's
// NSURLConnection has no -setDelegateQueue:, so the trace before --fix is the documented one
// (18-delegate-queue.expected).
#import "ProofSupport.h"

@interface QueuedLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSOperationQueue *queue;
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation QueuedLoader

- (void)start
{
    self.queue = [[NSOperationQueue alloc] init];
    self.queue.maxConcurrentOperationCount = 1;
    self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/2048")]
                                                      delegate:self
                                              startImmediately:NO];
    [self.connection setDelegateQueue:self.queue];
    [self.connection start];
}

- (BOOL)onQueue
{
    return [NSOperationQueue currentQueue] == self.queue;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld queue=%d", (long)[(NSHTTPURLResponse *)response statusCode], [self onQueue]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu queue=%d", (unsigned long)self.received, [self onQueue]);
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@ queue=%d", ProofErrorText(error), [self onQueue]);
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        QueuedLoader *loader = [[QueuedLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
