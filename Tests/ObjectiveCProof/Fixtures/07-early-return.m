// didReceiveResponse returns early on an error status: after the move, every path out must
// still let the task go on (completionHandler(NSURLSessionResponseAllow)), or it stalls.
#import "ProofSupport.h"

@interface GuardedLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) BOOL failed;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation GuardedLoader

- (void)start
{
    [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/status/500")] delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    NSInteger status = [(NSHTTPURLResponse *)response statusCode];
    if (status >= 400) {
        ProofTrace(@"response %ld: error status", (long)status);
        self.failed = YES;
        return;
    }
    ProofTrace(@"response %ld", (long)status);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish failed=%d bytes=%lu", self.failed, (unsigned long)self.received);
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
        GuardedLoader *loader = [[GuardedLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
