// The owner cancels through its own -cancel right after starting (manual retain/release,
// a retained property); a second loader then runs to the end. The cancelled one stays silent.
#import "ProofSupport.h"

@interface CancellableLoader : NSObject
@property (nonatomic, retain) NSURLConnection *connection;
@property (nonatomic, copy) NSString *name;
@end

@implementation CancellableLoader

- (void)dealloc
{
    [_connection release];
    [_name release];
    [super dealloc];
}

- (void)startWithPath:(NSString *)path
{
    NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(path)]
                                                                  delegate:self];
    self.connection = connection;
    [connection release];
}

- (void)cancel
{
    [self.connection cancel];
    self.connection = nil;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"%@ response %ld", self.name, (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"%@ finish", self.name);
    self.connection = nil;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"%@ fail %@", self.name, ProofErrorText(error));
    self.connection = nil;
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        CancellableLoader *cancelled = [[CancellableLoader alloc] init];
        cancelled.name = @"cancelled";
        [cancelled startWithPath:@"/delay/200"];
        [cancelled cancel];
        CancellableLoader *completed = [[CancellableLoader alloc] init];
        completed.name = @"completed";
        [completed startWithPath:@"/delay/400"];
        ProofRunUntilFinished(10);
        [cancelled release];
        [completed release];
    }
    return 0;
}
