// A refused connection: only didFailWithError:, with NSURLErrorCannotConnectToHost.
#import "ProofSupport.h"

@interface RefusedLoader : NSObject <NSURLConnectionDataDelegate>
@end

@implementation RefusedLoader

- (void)start
{
    // Port 1 on the loopback interface: nothing listens there, and no one may.
    NSURL *url = [NSURL URLWithString:@"http://127.0.0.1:1/"];
    [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:url] delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish");
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
        RefusedLoader *loader = [[RefusedLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
