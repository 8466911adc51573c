// AFNetworking 1.x's redirect method in shape: connection:willSendRequest:redirectResponse: hands
// its connection, with the request, to a block of the caller's (the first request too, with a nil
// redirect response). NSURLConnection asks about the first request with the connection that will
// send it; NSURLSession never asks about a first request: after the move the task is created
// first, not started, and the kept method is asked with it; its answer (the request itself) is
// the one that task sends. The block sees the same object in every question and at the finish
// (it takes the connection as `id`, so that it fits the property before and after the move).
#import "ProofSupport.h"

@interface AskingLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, copy) NSURLRequest * (^redirectBlock)(NSURLConnection *connection, NSURLRequest *request, NSURLResponse *redirectResponse);
@property (nonatomic, strong) NSMutableArray *asked;
@property (nonatomic, assign) NSUInteger received;
@end

@implementation AskingLoader

- (void)loadPath:(NSString *)path
{
    self.asked = [NSMutableArray array];
    self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse
{
    if (self.redirectBlock) {
        return self.redirectBlock(connection, request, redirectResponse);
    }
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
    NSUInteger same = 0;
    for (id asked in self.asked) {
        same += asked == connection ? 1 : 0;
    }
    ProofTrace(@"finish bytes=%lu asked=%lu same=%lu", (unsigned long)self.received, (unsigned long)self.asked.count, (unsigned long)same);
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
        AskingLoader *loader = [[AskingLoader alloc] init];
        __weak AskingLoader *weakLoader = loader;
        loader.redirectBlock = ^NSURLRequest *(id connection, NSURLRequest *request, NSURLResponse *redirectResponse) {
            ProofTrace(@"asked %@ redirect=%d", request.URL.path, redirectResponse != nil);
            [weakLoader.asked addObject:connection];
            return request;
        };
        NSString *target = [ProofURL(@"/bytes/32") absoluteString];
        [loader loadPath:[@"/redirect-to?status=302&url=" stringByAppendingString:target]];
        ProofRunUntilFinished(10);
    }
    return 0;
}
