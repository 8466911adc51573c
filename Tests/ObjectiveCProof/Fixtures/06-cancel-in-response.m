// Cancel in didReceiveResponse: NSURLConnection then tells the delegate nothing more. A second
// request, started after the cancel, finishes; no event of the first may come before it.
#import "ProofSupport.h"

@interface CancellingLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *first;
@property (nonatomic, strong) NSURLConnection *second;
@end

@implementation CancellingLoader

- (void)start
{
    self.first = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/100000")]
                                                 delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    if (connection == self.first) {
        ProofTrace(@"first response %ld, cancelling", (long)[(NSHTTPURLResponse *)response statusCode]);
        [connection cancel];
        self.second = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/status/204")]
                                                      delegate:self];
        return;
    }
    ProofTrace(@"second response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish %@", connection == self.second ? @"second" : @"first");
    if (connection == self.second) ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@ %@", connection == self.second ? @"second" : @"first", ProofErrorText(error));
    if (connection == self.second) ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        CancellingLoader *loader = [[CancellingLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
