// SDWebImage 3.x's downloader operation in shape: each operation starts its connection on a
// thread of its own, then runs that thread's run loop until a delegate method (or its cancel,
// performed on that thread) stops it; a connection still unfinished when the run loop returns
// (the operation's own deadline) is cancelled and reported as timed out by a message to itself.
// SDWebImage runs CFRunLoopRun() and stops it with CFRunLoopStop(CFRunLoopGetCurrent()); GNUstep
// has no CoreFoundation run loop, so this fixture waits in -runMode:beforeDate: until a flag the
// stop sets, which is the same wait: it ends when the run loop returns. After the move the task's
// creation keeps the run loop running and the session's methods perform the kept ones there.
#import "ProofSupport.h"

@interface WaitingOperation : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, copy) NSString *name;
@property (nonatomic, copy) NSString *path;
@property (nonatomic, strong) NSThread *thread;
@property (atomic, assign) BOOL stopped;
@property (atomic, assign) BOOL finished;
@property (atomic, assign) BOOL cancelled;
@property (atomic, assign) NSUInteger received;
@end

@implementation WaitingOperation

- (void)start
{
    @autoreleasepool {
        self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(self.path)] delegate:self startImmediately:NO];
        self.thread = [NSThread currentThread];
        [self.connection start];
        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:0.8];
        while (!self.stopped && [deadline timeIntervalSinceNow] > 0 && [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:deadline]) {
        }
        if (!self.finished) {
            [self.connection cancel];
            [self connection:self.connection didFailWithError:[NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorTimedOut userInfo:nil]];
        }
        ProofTrace(@"%@: run loop returned", self.name);
        ProofFinish();
    }
}

- (void)cancel
{
    [self performSelector:@selector(cancelInternalAndStop) onThread:self.thread withObject:nil waitUntilDone:NO];
}

- (void)cancelInternalAndStop
{
    if (self.finished) return;
    [self.connection cancel];
    self.cancelled = YES;
    self.finished = YES;
    self.stopped = YES;
    ProofTrace(@"%@: cancelled", self.name);
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"%@: response %ld", self.name, (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    if (self.cancelled) {
        ProofTrace(@"%@: data after the cancel", self.name);
    }
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    self.finished = YES;
    self.stopped = YES;
    ProofTrace(@"%@: finish bytes=%lu", self.name, (unsigned long)self.received);
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    self.finished = YES;
    self.stopped = YES;
    ProofTrace(@"%@: fail %@", self.name, ProofErrorText(error));
}

@end

static WaitingOperation *ProofStartOperation(NSString *name, NSString *path)
{
    WaitingOperation *operation = [[WaitingOperation alloc] init];
    operation.name = name;
    operation.path = path;
    ProofIsDone = NO;
    [NSThread detachNewThreadSelector:@selector(start) toTarget:operation withObject:nil];
    return operation;
}

int main(void)
{
    @autoreleasepool {
        ProofStartOperation(@"loaded", @"/bytes/2048");
        ProofRunUntilFinished(10);

        WaitingOperation *cancelled = ProofStartOperation(@"cancelled", @"/chunked/65536?chunk=1024&delay_ms=20");
        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];
        while (cancelled.received < 4096 && [deadline timeIntervalSinceNow] > 0) {
            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.01]];
        }
        [cancelled cancel];
        ProofRunUntilFinished(10);
        // The rest of the body would have come within 1.3 s: nothing of it is delivered.
        [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:1.5]];
        ProofTrace(@"cancelled: quiet %d", cancelled.received < 65536);

        ProofStartOperation(@"stalled", @"/stall");
        ProofRunUntilFinished(10);
    }
    return 0;
}
