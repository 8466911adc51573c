// A server that answers after 1.5 s: nothing is delivered meanwhile, then the whole exchange.
// (A stalled server with timeoutInterval 1 is not a fixture: neither of GNUstep's stacks
// reported a timeout within 15 s; Docs/ObjectiveCProof.md.)
#import "ProofSupport.h"

@interface SlowLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSMutableData *body;
@end

@implementation SlowLoader

- (void)start
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:ProofURL(@"/delay/1500")];
    request.timeoutInterval = 30;
    (void)[[NSURLConnection alloc] initWithRequest:request delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
    self.body = [NSMutableData data];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    NSString *text = [[NSString alloc] initWithData:self.body encoding:NSUTF8StringEncoding];
    ProofTrace(@"finish body=%@", text);
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
        SlowLoader *loader = [[SlowLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(15);
    }
    return 0;
}
