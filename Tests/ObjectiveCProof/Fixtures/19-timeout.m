// A request that times out: timeoutInterval 2 s against a host that never completes the connect.
// Only didFailWithError:, with NSURLErrorTimedOut; no response, no data.
#import "ProofSupport.h"

@interface TimeoutLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@end

@implementation TimeoutLoader

- (void)start
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:ProofUnacceptedURL(@"/feed")];
    request.timeoutInterval = 2;
    self.connection = [NSURLConnection connectionWithRequest:request delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    ProofTrace(@"data %lu", (unsigned long)data.length);
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish");
    self.connection = nil;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@ same=%d", ProofErrorText(error), connection == self.connection);
    self.connection = nil;
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        TimeoutLoader *loader = [[TimeoutLoader alloc] init];
        [loader start];
        // Past the 2 s timeout with room for a loaded machine, well short of the kernel's own
        // connect timeout (about 130 s).
        ProofRunUntilFinished(8);
    }
    return 0;
}
