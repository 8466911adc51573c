// A challenge method that hands its challenge on, as three20's loader hands it to its queue: the
// authenticator answers through challenge.sender. After the move the authenticator receives a copy
// whose sender calls the session's completion handler (a class added before this one, manual
// retain/release here). GNUstep's NSURLSession asks no challenge (fixture 24), so the load needs
// none; the trace shows the load, and the program compiles with the added sender under -Werror.
#import "ProofSupport.h"

@interface Authenticator : NSObject
- (void)answer:(NSURLAuthenticationChallenge *)challenge;
@end

@implementation Authenticator
- (void)answer:(NSURLAuthenticationChallenge *)challenge
{
    ProofTrace(@"challenge %@", challenge.protectionSpace.authenticationMethod);
    NSURLCredential *credential = [NSURLCredential credentialWithUser:@"ada" password:@"lovelace"
                                                          persistence:NSURLCredentialPersistenceNone];
    [[challenge sender] useCredential:credential forAuthenticationChallenge:challenge];
}
@end

@interface HandingLoader : NSObject <NSURLConnectionDataDelegate> {
    Authenticator *_authenticator;
    NSUInteger _received;
}
@end

@implementation HandingLoader

- (void)load
{
    _authenticator = [[Authenticator alloc] init];
    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/32")]
                                                                  delegate:self];
    [connection release];
}

- (void)dealloc
{
    [_authenticator release];
    [super dealloc];
}

- (void)connection:(NSURLConnection *)connection didReceiveAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge
{
    [_authenticator answer:challenge];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    _received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu", (unsigned long)_received);
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
        HandingLoader *loader = [[HandingLoader alloc] init];
        [loader load];
        ProofRunUntilFinished(10);
        [loader release];
    }
    return 0;
}
