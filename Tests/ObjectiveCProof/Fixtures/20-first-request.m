// connection:willSendRequest:redirectResponse: answers for the first request too (a nil redirect
// response): one loader adds a header there, which the server must see; another refuses the
// first request (nil), so nothing is sent and its delegate hears nothing; a third loader then
// loads as usual. NSURLSession never asks about a first request: the rewrite asks when it
// creates the task.
#import "ProofSupport.h"

@interface FirstRequestLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, copy) NSString *name;
@property (nonatomic, assign) BOOL refusesFirstRequest;
@property (nonatomic, strong) NSMutableData *body;
@end

@implementation FirstRequestLoader

- (void)loadPath:(NSString *)path
{
    self.body = [NSMutableData data];
    (void)[[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

- (NSURLRequest *)connection:(NSURLConnection *)connection willSendRequest:(NSURLRequest *)request
            redirectResponse:(NSURLResponse *)redirectResponse
{
    if (redirectResponse != nil) {
        return request;
    }
    ProofTrace(@"%@: first request %@", self.name, request.URL.path);
    if (self.refusesFirstRequest) {
        return nil;
    }
    NSMutableURLRequest *tagged = [request mutableCopy];
    [tagged setValue:@"first" forHTTPHeaderField:@"X-Proof-Tag"];
    return tagged;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"%@: response %ld", self.name, (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    NSString *headers = [[[NSString alloc] initWithData:self.body encoding:NSUTF8StringEncoding] lowercaseString];
    ProofTrace(@"%@: finish tagged=%d", self.name, [headers rangeOfString:@"x-proof-tag: first"].location != NSNotFound);
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"%@: fail %@", self.name, ProofErrorText(error));
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        FirstRequestLoader *refused = [[FirstRequestLoader alloc] init];
        refused.name = @"refused";
        refused.refusesFirstRequest = YES;
        [refused loadPath:@"/bytes/16"];
        // Room for anything the refused load might still deliver.
        [[NSRunLoop mainRunLoop] runUntilDate:[NSDate dateWithTimeIntervalSinceNow:0.3]];

        // Wait for the tagging load whatever the refused one did.
        ProofIsDone = NO;
        FirstRequestLoader *tagging = [[FirstRequestLoader alloc] init];
        tagging.name = @"tagging";
        [tagging loadPath:@"/headers"];
        ProofRunUntilFinished(10);
    }
    return 0;
}
