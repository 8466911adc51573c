// AFNetworking 1.x's operation in shape: the connection is created on a network thread of the
// program's own (its run loop runs forever), scheduled with an output stream in that thread's
// current run loop for each of the operation's run loop modes, started and cancelled there with
// performSelector:onThread:, its failure method sent by selector after the cancel. The delegate
// methods write the stream and must run on that thread, in order with the cancel: after the
// move the session's methods perform the kept methods there. The second operation is cancelled
// from the main thread mid-body, on the network thread; nothing is delivered after the cancel.
#import "ProofSupport.h"

@interface NetworkOperation : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSURLRequest *request;
@property (nonatomic, strong) NSOutputStream *outputStream;
@property (nonatomic, strong) NSSet *runLoopModes;
@property (nonatomic, copy) NSString *name;
@property (atomic, assign) NSUInteger received;
@property (atomic, assign) BOOL cancelled;
- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error;
@end

@implementation NetworkOperation

- (id)initWithName:(NSString *)name path:(NSString *)path
{
    if ((self = [super init])) {
        self.name = name;
        self.request = [NSURLRequest requestWithURL:ProofURL(path)];
        self.outputStream = [NSOutputStream outputStreamToMemory];
        self.runLoopModes = [NSSet setWithObject:NSDefaultRunLoopMode];
    }
    return self;
}

- (void)start
{
    [self performSelector:@selector(operationDidStart) onThread:ProofNetworkThread() withObject:nil waitUntilDone:NO modes:[self.runLoopModes allObjects]];
}

- (void)operationDidStart
{
    self.connection = [[NSURLConnection alloc] initWithRequest:self.request delegate:self startImmediately:NO];
    NSRunLoop *runLoop = [NSRunLoop currentRunLoop];
    for (NSString *runLoopMode in self.runLoopModes) {
        [self.connection scheduleInRunLoop:runLoop forMode:runLoopMode];
        [self.outputStream scheduleInRunLoop:runLoop forMode:runLoopMode];
    }
    [self.connection start];
    ProofTrace(@"%@: started net=%d", self.name, ProofOnNetworkThread());
}

- (void)cancel
{
    [self performSelector:@selector(cancelConnection) onThread:ProofNetworkThread() withObject:nil waitUntilDone:NO modes:[self.runLoopModes allObjects]];
}

- (void)cancelConnection
{
    NSError *error = [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorCancelled userInfo:nil];
    if (self.connection) {
        [self.connection cancel];
        self.cancelled = YES;
        [self performSelector:@selector(connection:didFailWithError:) withObject:self.connection withObject:error];
    }
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    [self.outputStream open];
    ProofTrace(@"%@: response %ld net=%d", self.name, (long)[(NSHTTPURLResponse *)response statusCode], ProofOnNetworkThread());
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    if (self.cancelled) {
        ProofTrace(@"%@: data after the cancel", self.name);
    }
    if ([self.outputStream hasSpaceAvailable]) {
        [self.outputStream write:[data bytes] maxLength:[data length]];
    }
    self.received += data.length;
    if (ProofOnNetworkThread() == 0) {
        ProofTrace(@"%@: data off the network thread", self.name);
    }
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    NSData *written = [self.outputStream propertyForKey:NSStreamDataWrittenToMemoryStreamKey];
    [self.outputStream close];
    ProofTrace(@"%@: finish streamed=%lu same=%d net=%d", self.name, (unsigned long)written.length, connection == self.connection,
               ProofOnNetworkThread());
    self.connection = nil;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    [self.outputStream close];
    ProofTrace(@"%@: fail %@ same=%d net=%d", self.name, ProofErrorText(error), connection == self.connection, ProofOnNetworkThread());
    self.connection = nil;
}

@end

int main(void)
{
    @autoreleasepool {
        NetworkOperation *cancelled = [[NetworkOperation alloc] initWithName:@"cancelled" path:@"/chunked/65536?chunk=1024&delay_ms=20"];
        [cancelled start];
        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];
        while (cancelled.received < 4096 && [deadline timeIntervalSinceNow] > 0) {
            [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.01]];
        }
        [cancelled cancel];
        // The rest of the body would have come within 1.3 s: nothing of it is delivered.
        [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:1.5]];
        ProofTrace(@"cancelled: quiet %d", cancelled.received < 65536);
        NetworkOperation *loaded = [[NetworkOperation alloc] initWithName:@"loaded" path:@"/bytes/8192"];
        [loaded start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
