// A URL protocol (manual retain/release, its header in another file) forwarding with
// NSURLConnection, stopped by its caller in the middle of a large body: -stopLoading cancels the
// forwarding connection, which then tells the protocol nothing more. After the move the task is
// cancelled there, silently too, and the class's one session serves the next request. The outer
// loads are NSURLConnections whose delegate is a class object, which --fix leaves on NSURLConnection
// (the registered protocol is consulted by NSURLConnection; GNUstep's NSURLSession ignores it).
#import "StoppableProtocol.h"

static NSURLConnection *OuterConnection;
static NSUInteger OuterBytes;

@interface OuterLoads : NSObject
+ (void)load:(NSString *)path;
@end

@implementation OuterLoads

+ (void)load:(NSString *)path
{
    OuterBytes = 0;
    OuterConnection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

+ (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    long status = (long)[(NSHTTPURLResponse *)response statusCode];
    if ([[[response URL] path] isEqualToString:@"/bytes/10485760"]) {
        ProofTrace(@"outer response %ld: cancelling", status);
        [connection cancel];
        [self load:@"/bytes/512"];
    } else {
        ProofTrace(@"outer response %ld", status);
    }
}

+ (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    OuterBytes += data.length;
}

+ (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"outer finish bytes=%lu", (unsigned long)OuterBytes);
    ProofFinish();
}

+ (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"outer fail %@", ProofErrorText(error));
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        [NSURLProtocol registerClass:[StoppableProtocol class]];
        [OuterLoads load:@"/bytes/10485760"];
        ProofRunUntilFinished(10);
    }
    return 0;
}
