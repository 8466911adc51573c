// connection:willSendRequest:redirectResponse: sees the redirect and lets it happen. (Apple's
// NSURLConnection also asks about the first request, with a nil redirect response; GNUstep's
// does not, so this trace counts redirects only and fixture 20 documents the first request.)
// Absolute Location: GNUstep's NSURLConnection stalls on a relative one.
#import "ProofSupport.h"

@interface RedirectFollower : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSUInteger received;
@end

@implementation RedirectFollower

- (void)start
{
    NSString *target = [ProofURL(@"/bytes/7") absoluteString];
    NSString *path = [@"/redirect-to?url=" stringByAppendingString:target];
    [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse
{
    if (redirectResponse == nil) {
        return request;
    }
    ProofTrace(@"redirect %ld to %@", (long)[(NSHTTPURLResponse *)redirectResponse statusCode], request.URL.path);
    return request;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld %@", (long)[(NSHTTPURLResponse *)response statusCode], response.URL.path);
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
        RedirectFollower *follower = [[RedirectFollower alloc] init];
        [follower start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
