// Two redirects in a row, started with initWithRequest:delegate:startImmediately:YES; the
// delegate sees both and lets them happen. (willSendRequest is
// also called for the first request with a nil redirect response; NSURLSession is not, so the
// trace counts redirects only.) Absolute Location: GNUstep's NSURLConnection stalls on a
// relative one.
#import "ProofSupport.h"

@interface ChainFollower : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSUInteger received;
@end

@implementation ChainFollower

- (void)start
{
    NSString *last = [@"/redirect-to?url=" stringByAppendingString:[ProofURL(@"/bytes/7") absoluteString]];
    NSString *escaped = [[ProofURL(last) absoluteString]
        stringByAddingPercentEncodingWithAllowedCharacters:[NSCharacterSet alphanumericCharacterSet]];
    NSString *first = [@"/redirect-to?status=301&url=" stringByAppendingString:escaped];
    [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(first)] delegate:self startImmediately:YES];
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
        ChainFollower *follower = [[ChainFollower alloc] init];
        [follower start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
