// An NSURLProtocol that forwards each request it handles with NSURLConnection, created in
// -startLoading with the protocol as its delegate, and calls its client from the delegate
// methods: on the thread that started loading, where the connection was scheduled. After the
// move its tasks come from one session for the class, and the calls stay on that thread. The
// loads go through a synchronous NSURLConnection (which consults the registered protocol; it stays),
// from the main thread and from a thread of the program's own.
#import "ProofSupport.h"

static NSString *const ForwardingProtocolHandledKey = @"ForwardingProtocolHandled";

@interface ForwardingProtocol : NSURLProtocol <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSThread *loadingThread;
@property (nonatomic) NSUInteger receivedBytes;
@end

@implementation ForwardingProtocol

+ (BOOL)canInitWithRequest:(NSURLRequest *)request
{
    return [NSURLProtocol propertyForKey:ForwardingProtocolHandledKey inRequest:request] == nil;
}

+ (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request
{
    return request;
}

- (void)startLoading
{
    self.loadingThread = [NSThread currentThread];
    NSMutableURLRequest *request = [self.request mutableCopy];
    [NSURLProtocol setProperty:@YES forKey:ForwardingProtocolHandledKey inRequest:request];
    ProofTrace(@"protocol starts %@", request.URL.path);
    self.connection = [NSURLConnection connectionWithRequest:request delegate:self];
}

- (void)stopLoading
{
    [self.connection cancel];
    self.connection = nil;
}

- (int)onLoadingThread
{
    return [NSThread currentThread] == self.loadingThread ? 1 : 0;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"protocol response %ld loading=%d", (long)[(NSHTTPURLResponse *)response statusCode], [self onLoadingThread]);
    [self.client URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.receivedBytes += data.length;
    [self.client URLProtocol:self didLoadData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"protocol finish bytes=%lu loading=%d", (unsigned long)self.receivedBytes, [self onLoadingThread]);
    [self.client URLProtocolDidFinishLoading:self];
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"protocol fail %@ loading=%d", ProofErrorText(error), [self onLoadingThread]);
    [self.client URLProtocol:self didFailWithError:error];
}

@end

@interface ForwardingProtocolLoads : NSObject
+ (void)load:(NSString *)path;
+ (void)loadOnAThreadOfItsOwn:(NSString *)path;
@end

@implementation ForwardingProtocolLoads

+ (void)load:(NSString *)path
{
    NSURLResponse *response = nil;
    NSError *error = nil;
    NSData *data = [NSURLConnection sendSynchronousRequest:[NSURLRequest requestWithURL:ProofURL(path)]
                                         returningResponse:&response error:&error];
    ProofTrace(@"loaded %@: status %ld, %lu bytes, error %@", path, (long)[(NSHTTPURLResponse *)response statusCode],
               (unsigned long)data.length, ProofErrorText(error));
}

+ (void)loadOnAThreadOfItsOwn:(NSString *)path
{
    @autoreleasepool {
        [self load:path];
        ProofFinish();
    }
}

@end

int main(void)
{
    @autoreleasepool {
        [NSURLProtocol registerClass:[ForwardingProtocol class]];
        [ForwardingProtocolLoads load:@"/bytes/2048"];
        [ForwardingProtocolLoads load:@"/status/404"];
        [NSThread detachNewThreadSelector:@selector(loadOnAThreadOfItsOwn:) toTarget:[ForwardingProtocolLoads class]
                               withObject:@"/bytes/300"];
        ProofRunUntilFinished(10);
    }
    return 0;
}
