// One delegate whose connections are created on eight threads at once, each scheduled in its
// thread's run loop, while earlier ones finish: after the move, tasks are added to the class's
// session on those threads while the session's queue ends others (and with the last one, the
// session), so every load must still be delivered once and the program must end.
#import "ProofSupport.h"

static const NSUInteger ProofThreads = 8;
static const NSUInteger ProofLoadsPerThread = 6;

@interface ThreadedFetcher : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSUInteger finished;
@property (nonatomic, assign) NSUInteger failed;
@property (nonatomic, assign) NSUInteger received;
@property (atomic, assign) BOOL done;
@end

@implementation ThreadedFetcher

- (void)fetch:(NSString *)path
{
    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)]
                                                                  delegate:self
                                                          startImmediately:NO];
    [connection scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];
    [connection start];
}

// Each thread's connections call back on that thread: the counts are shared.
- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    @synchronized (self) {
        self.received += data.length;
    }
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    @synchronized (self) {
        self.finished += 1;
        [self endOne];
    }
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    @synchronized (self) {
        self.failed += 1;
        [self endOne];
    }
}

- (void)endOne
{
    if (self.finished + self.failed == ProofThreads * ProofLoadsPerThread) {
        self.done = YES;
        ProofTrace(@"finished %lu failed %lu bytes=%lu", (unsigned long)self.finished, (unsigned long)self.failed,
                   (unsigned long)self.received);
        ProofFinish();
    }
}

@end

@interface ProofFetchingThread : NSObject
@property (nonatomic, strong) ThreadedFetcher *fetcher;
@end

@implementation ProofFetchingThread

// Each thread starts its loads one after another, each once the previous one's creation returned,
// so creations on some threads meet finishes of loads other threads started; then it runs its run
// loop, where its connections call back, until every load has ended.
- (void)fetchAll:(NSNumber *)number
{
    @autoreleasepool {
        for (NSUInteger load = 0; load < ProofLoadsPerThread; load++) {
            [self.fetcher fetch:[NSString stringWithFormat:@"/bytes/%lu", (unsigned long)(100 + number.unsignedIntegerValue * 10 + load)]];
        }
        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];
        while (!self.fetcher.done && [deadline timeIntervalSinceNow] > 0) {
            [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
        }
    }
}

@end

int main(void)
{
    @autoreleasepool {
        ThreadedFetcher *fetcher = [[ThreadedFetcher alloc] init];
        for (NSUInteger thread = 0; thread < ProofThreads; thread++) {
            ProofFetchingThread *starter = [[ProofFetchingThread alloc] init];
            starter.fetcher = fetcher;
            [NSThread detachNewThreadSelector:@selector(fetchAll:) toTarget:starter withObject:@(thread)];
        }
        ProofRunUntilFinished(10);
    }
    return 0;
}
