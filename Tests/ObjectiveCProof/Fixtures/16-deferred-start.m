// Created with startImmediately:NO into a property, started later through the instance
// variable with -start: the task is created suspended and -resume starts it.
#import "ProofSupport.h"

@interface DeferredLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation DeferredLoader

- (void)prepare
{
    self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/512")]
                                                      delegate:self
                                              startImmediately:NO];
    ProofTrace(@"prepared");
}

- (void)go
{
    [_connection start];
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
        DeferredLoader *loader = [[DeferredLoader alloc] init];
        [loader prepare];
        // Nothing may arrive before -go: a started task would be answered while this spins.
        [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.3]];
        ProofTrace(@"starting");
        [loader go];
        ProofRunUntilFinished(10);
    }
    return 0;
}
