// A subclass in the same file as the class that creates the connections overrides two of its
// delegate methods: the response method, calling super first, and the finish method, replacing
// it without calling super. After the move the superclass keeps both selectors as ordinary
// methods its session's methods call, so the subclass's bodies run where NSURLConnection ran them.
#import "ProofSupport.h"

@interface SameFileBase : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSMutableData *body;
- (void)load:(NSString *)path;
@end

@implementation SameFileBase

- (void)load:(NSString *)path
{
    self.body = [NSMutableData data];
    [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:ProofURL(path)] delegate:self];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"base response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"base finish (never: the subclass replaces it)");
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"base fail %@", ProofErrorText(error));
    ProofFinish();
}

@end

@interface SameFileSubclass : SameFileBase
@end

@implementation SameFileSubclass

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    [super connection:connection didReceiveResponse:response];
    ProofTrace(@"subclass response");
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"subclass finish bytes=%lu", (unsigned long)self.body.length);
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        SameFileSubclass *loader = [[SameFileSubclass alloc] init];
        [loader load:@"/bytes/21"];
        ProofRunUntilFinished(10);
    }
    return 0;
}
