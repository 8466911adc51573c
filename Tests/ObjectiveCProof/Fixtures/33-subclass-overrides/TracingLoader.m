#define PROOF_SUPPORT_SECONDARY_FILE
#import "TracingLoader.h"

@implementation TracingLoader

- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse
{
    NSURLRequest *answer = [super connection:connection willSendRequest:request redirectResponse:redirectResponse];
    if (redirectResponse != nil) {
        self.redirects += 1;
        ProofTrace(@"subclass redirect to %@", answer.URL.path);
    }
    return answer;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    [super connection:connection didReceiveResponse:response];
    ProofTrace(@"subclass response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    [super connectionDidFinishLoading:connection];
    ProofTrace(@"subclass finish redirects=%lu", (unsigned long)self.redirects);
    ProofFinish();
}

@end
