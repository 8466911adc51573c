// The usual delegate class of the era: initWithRequest:delegate: with its
// result checked, the four data delegate methods, and success and failure handlers they call (ARC).
#import "ProofSupport.h"

@interface ArticleLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSMutableData *receivedData;
- (void)load:(NSURL *)url;
@end

@implementation ArticleLoader

- (void)load:(NSURL *)url
{
    NSURLRequest *request = [NSURLRequest requestWithURL:url];
    NSURLConnection *started = [[NSURLConnection alloc] initWithRequest:request delegate:self];
    if (!started) {
        [self handleFailure:nil];
    }
}

- (void)connection:(NSURLConnection *) connection didReceiveResponse:(NSURLResponse *) response {
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
    self.receivedData = [NSMutableData data];
}

- (void)connection:(NSURLConnection *) connection didReceiveData:(NSData *)data {
    [self.receivedData appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection {
    [self handleSuccess];
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
    [self handleFailure:error];
}

- (void)handleSuccess
{
    ProofTrace(@"finish bytes=%lu", (unsigned long)self.receivedData.length);
    ProofFinish();
}

- (void)handleFailure:(NSError *)error
{
    ProofTrace(@"fail %@", ProofErrorText(error));
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        ArticleLoader *loader = [[ArticleLoader alloc] init];
        [loader load:ProofURL(@"/bytes/30")];
        ProofRunUntilFinished(10);
    }
    return 0;
}
