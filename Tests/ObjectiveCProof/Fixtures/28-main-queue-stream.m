// MKNetworkKit's operation in shape: the connection is created, scheduled in the current run
// loop and started in a block on the main queue (MKNetworkKit uses dispatch_async; GNUstep here
// has no libdispatch headers), and the body goes into an output stream the
// caller scheduled in its run loop. The delegate methods write the stream on the main thread
// before and after the move (the session's usual queue there is the main queue), so the stream
// stays as it is.
#import "ProofSupport.h"

@interface StreamingOperation : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSOutputStream *stream;
@end

@implementation StreamingOperation

- (void)addDownloadStream:(NSOutputStream *)outputStream
{
    [outputStream scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];
    [outputStream open];
    self.stream = outputStream;
}

- (void)start
{
    [[NSOperationQueue mainQueue] addOperationWithBlock:^{
        self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/4096")]
                                                          delegate:self
                                                  startImmediately:NO];
        [self.connection scheduleInRunLoop:[NSRunLoop currentRunLoop] forMode:NSDefaultRunLoopMode];
        [self.connection start];
    }];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.stream write:data.bytes maxLength:data.length];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    NSData *written = [self.stream propertyForKey:NSStreamDataWrittenToMemoryStreamKey];
    [self.stream close];
    ProofTrace(@"finish streamed=%lu", (unsigned long)written.length);
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@", ProofErrorText(error));
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        StreamingOperation *operation = [[StreamingOperation alloc] init];
        [operation addDownloadStream:[NSOutputStream outputStreamToMemory]];
        [operation start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
