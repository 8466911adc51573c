#define PROOF_SUPPORT_SECONDARY_FILE
#import "BaseLoader.h"

@implementation BaseLoader

- (void)load:(NSString *)path
{
    self.body = [NSMutableData data];
    self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse
{
    if (redirectResponse != nil) {
        ProofTrace(@"base redirect %ld to %@ connection=%d", (long)[(NSHTTPURLResponse *)redirectResponse statusCode],
                   request.URL.path, connection != nil);
    }
    return request;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"base response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
    [self.body setLength:0];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"base finish bytes=%lu", (unsigned long)self.body.length);
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"base fail %@", ProofErrorText(error));
    ProofFinish();
}

@end
