// Delegate methods the class calls by name, as AFNetworking 1.x's operation does: its @interface
// declares the failure method (for subclasses calling super), and its own timeout cancels the
// connection and sends that method by @selector. After the move the delegate methods stay
// ordinary methods holding the bodies; the session's delegate methods call them, and the
// cancelled task stays silent as the connection did.
#import "ProofSupport.h"

@interface TimedLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, assign) NSUInteger received;
@property (nonatomic, assign) BOOL retried;
- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error;
@end

@implementation TimedLoader

- (void)load:(NSString *)path
{
    self.received = 0;
    self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

- (void)expire
{
    NSError *error = [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorTimedOut userInfo:nil];
    [self.connection cancel];
    [self performSelector:@selector(connection:didFailWithError:) withObject:self.connection withObject:error];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu same=%d", (unsigned long)self.received, connection == self.connection);
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@ same=%d", ProofErrorText(error), connection == self.connection);
    if (!self.retried) {
        self.retried = YES;
        [self load:@"/bytes/64"];
    } else {
        ProofFinish();
    }
}

@end

int main(void)
{
    @autoreleasepool {
        TimedLoader *loader = [[TimedLoader alloc] init];
        [loader load:@"/delay/1500"];
        [loader performSelector:@selector(expire) withObject:nil afterDelay:0.3];
        ProofRunUntilFinished(10);
    }
    return 0;
}
