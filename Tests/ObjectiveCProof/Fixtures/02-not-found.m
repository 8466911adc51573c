// A 404 is a response and a finish, not a failure, for both APIs (ARC, stored property).
#import "ProofSupport.h"

@interface StatusLoader : NSObject <NSURLConnectionDelegate, NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, assign) NSInteger status;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation StatusLoader

- (void)start
{
    self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/status/404")]
                                                      delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    self.status = [(NSHTTPURLResponse *)response statusCode];
    ProofTrace(@"response %ld", (long)self.status);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish status=%ld bytes=%lu same=%d", (long)self.status, (unsigned long)self.received,
               connection == self.connection);
    self.connection = nil;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@", ProofErrorText(error));
    self.connection = nil;
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        StatusLoader *loader = [[StatusLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
