// HTTP Basic authentication answered in willSendRequestForAuthenticationChallenge: with
// [challenge.sender useCredential:forAuthenticationChallenge:]; a second failure cancels.
// Neither GNUstep stack asks this method (its NSURLConnection asks only the older
// connection:didReceiveAuthenticationChallenge:, its NSURLSession no challenge method at all),
// so here both deliver the 401 as is: the fixture proves the rewritten method compiles and
// the rest of the exchange is unchanged; FixObjectiveCTests checks the dispositions.
#import "ProofSupport.h"

@interface AuthenticatingLoader : NSObject <NSURLConnectionDelegate, NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSMutableData *body;
@end

@implementation AuthenticatingLoader

- (void)start
{
    [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/basic-auth/ada/lovelace")]
                                    delegate:self];
}

- (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
{
    ProofTrace(@"challenge %@ previous=%ld", challenge.protectionSpace.authenticationMethod, (long)challenge.previousFailureCount);
    if (challenge.previousFailureCount == 0) {
        NSURLCredential *credential = [NSURLCredential credentialWithUser:@"ada" password:@"lovelace"
                                                              persistence:NSURLCredentialPersistenceNone];
        [challenge.sender useCredential:credential forAuthenticationChallenge:challenge];
    } else {
        [[challenge sender] cancelAuthenticationChallenge:challenge];
    }
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
    ProofTrace(@"finish body=%@", [[NSString alloc] initWithData:self.body encoding:NSUTF8StringEncoding]);
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
        AuthenticatingLoader *loader = [[AuthenticatingLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
