// Delegate methods that declare their parameters narrower than NSURLConnection's protocol does
// (`(NSHTTPURLResponse *)response`, `(NSMutableData *)data`), as much old code did to read
// `response.statusCode` without a cast: the moved bodies must read them the same way.
#import "ProofSupport.h"

@interface NarrowLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSInteger status;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation NarrowLoader

- (void)start
{
    (void)[[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/300")] delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSHTTPURLResponse *)response
{
    self.status = response.statusCode;
    ProofTrace(@"response %ld length=%@", (long)response.statusCode, response.allHeaderFields[@"Content-Length"]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSMutableData *)data { self.received += data.length; }

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish status=%ld bytes=%lu", (long)self.status, (unsigned long)self.received);
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
        NarrowLoader *loader = [[NarrowLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
