// Two loads of one URL protocol on two threads at once, the first holding its thread in its
// response method until the second load has ended: NSURLConnection delivered each forwarding
// connection on its own thread, so the second went on. After the move both tasks come from the
// class's one session: each task's calls go through a queue of their own, so the second load does
// not wait behind the first one's call (through the session's one serial queue it would, and the
// first thread would give up after 5 s: "first gave up").
#import "ProofSupport.h"

static NSString *const TwoThreadProtocolHandledKey = @"TwoThreadProtocolHandled";
static NSCondition *SecondLoadEnded;
static BOOL SecondLoadHasEnded;

@interface TwoThreadProtocol : NSURLProtocol <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, copy) NSString *name;
@end

@implementation TwoThreadProtocol

+ (BOOL)canInitWithRequest:(NSURLRequest *)request
{
    return [NSURLProtocol propertyForKey:TwoThreadProtocolHandledKey inRequest:request] == nil;
}

+ (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request
{
    return request;
}

- (void)startLoading
{
    self.name = [self.request.URL.path isEqualToString:@"/bytes/64"] ? @"first" : @"second";
    NSMutableURLRequest *request = [self.request mutableCopy];
    [NSURLProtocol setProperty:@YES forKey:TwoThreadProtocolHandledKey inRequest:request];
    self.connection = [NSURLConnection connectionWithRequest:request delegate:self];
}

- (void)stopLoading
{
    [self.connection cancel];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"%@ response %ld", self.name, (long)[(NSHTTPURLResponse *)response statusCode]);
    if ([self.name isEqualToString:@"first"]) {
        [NSThread detachNewThreadSelector:@selector(loadSecond) toTarget:[self class] withObject:nil];
        [SecondLoadEnded lock];
        NSDate *limit = [NSDate dateWithTimeIntervalSinceNow:5];
        while (!SecondLoadHasEnded && [SecondLoadEnded waitUntilDate:limit]) {
        }
        ProofTrace(@"first %@", SecondLoadHasEnded ? @"goes on after the second load" : @"gave up");
        [SecondLoadEnded unlock];
    }
    [self.client URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.client URLProtocol:self didLoadData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"%@ finish", self.name);
    [self.client URLProtocolDidFinishLoading:self];
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"%@ fail %@", self.name, ProofErrorText(error));
    [self.client URLProtocol:self didFailWithError:error];
}

+ (NSUInteger)load:(NSString *)path
{
    NSError *error = nil;
    NSData *data = [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:ProofURL(path)] returningResponse:NULL error:&error];
    return data.length;
}

+ (void)loadFirst
{
    @autoreleasepool {
        NSUInteger length = [self load:@"/bytes/64"];
        ProofTrace(@"first loaded %lu bytes", (unsigned long)length);
        ProofFinish();
    }
}

+ (void)loadSecond
{
    @autoreleasepool {
        NSUInteger length = [self load:@"/bytes/32"];
        ProofTrace(@"second loaded %lu bytes", (unsigned long)length);
        [SecondLoadEnded lock];
        SecondLoadHasEnded = YES;
        [SecondLoadEnded signal];
        [SecondLoadEnded unlock];
    }
}

@end

int main(void)
{
    @autoreleasepool {
        SecondLoadEnded = [[NSCondition alloc] init];
        [NSURLProtocol registerClass:[TwoThreadProtocol class]];
        [NSThread detachNewThreadSelector:@selector(loadFirst) toTarget:[TwoThreadProtocol class] withObject:nil];
        ProofRunUntilFinished(15);
    }
    return 0;
}
