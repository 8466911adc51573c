// connection:canAuthenticateAgainstProtectionSpace: answering for Basic only, the challenge method
// answering with challenge.sender (continue without a credential after a failure), and
// connection:didCancelAuthenticationChallenge:. After the move the challenge method asks the kept
// protection-space method first and refuses the other spaces with
// NSURLSessionAuthChallengeRejectProtectionSpace. GNUstep's NSURLSession asks no challenge (its
// NSURLConnection does, for didReceiveAuthenticationChallenge:), so the load needs none: the trace
// shows the kept methods, which the program calls itself, and a load through the moved class.
#import "ProofSupport.h"

@interface GuardedLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSMutableData *body;
@property (nonatomic, assign) BOOL cancelled;
@end

@implementation GuardedLoader

- (void)load
{
    [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/16")] delegate:self];
}

- (BOOL)connection:(NSURLConnection *)connection canAuthenticateAgainstProtectionSpace:(NSURLProtectionSpace *)protectionSpace
{
    return [protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodHTTPBasic];
}

- (void)connection:(NSURLConnection *)connection didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
{
    ProofTrace(@"challenge %@ previous=%ld", challenge.protectionSpace.authenticationMethod, (long)challenge.previousFailureCount);
    if (challenge.previousFailureCount > 0) {
        [[challenge sender] continueWithoutCredentialForAuthenticationChallenge:challenge];
        return;
    }
    NSURLCredential *credential = [NSURLCredential credentialWithUser:@"ada" password:@"lovelace"
                                                          persistence:NSURLCredentialPersistenceNone];
    [challenge.sender useCredential:credential forAuthenticationChallenge:challenge];
}

- (void)connection:(NSURLConnection *)connection didCancelAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
{
    self.cancelled = YES;
    ProofTrace(@"challenge cancelled");
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    self.body = [NSMutableData data];
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu", (unsigned long)self.body.length);
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
        NSURLProtectionSpace *basic = [[NSURLProtectionSpace alloc] initWithHost:@"127.0.0.1" port:80 protocol:@"http"
                                                                          realm:@"proof" authenticationMethod:NSURLAuthenticationMethodHTTPBasic];
        NSURLProtectionSpace *digest = [[NSURLProtectionSpace alloc] initWithHost:@"127.0.0.1" port:80 protocol:@"http"
                                                                           realm:@"proof" authenticationMethod:NSURLAuthenticationMethodHTTPDigest];
        ProofTrace(@"spaces basic=%d digest=%d", [loader connection:nil canAuthenticateAgainstProtectionSpace:basic],
                   [loader connection:nil canAuthenticateAgainstProtectionSpace:digest]);
        [loader connection:nil didCancelAuthenticationChallenge:nil];
        [loader load];
        ProofRunUntilFinished(10);
    }
    return 0;
}
