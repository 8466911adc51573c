#define PROOF_SUPPORT_SECONDARY_FILE
#import "StoppableProtocol.h"

static NSString *const StoppableProtocolHandledKey = @"StoppableProtocolHandled";

@implementation StoppableProtocol {
    NSURLConnection *_connection;
    NSUInteger _receivedBytes;
}

+ (BOOL)canInitWithRequest:(NSURLRequest *)request
{
    return [NSURLProtocol propertyForKey:StoppableProtocolHandledKey inRequest:request] == nil;
}

+ (NSURLRequest *)canonicalRequestForRequest:(NSURLRequest *)request
{
    return request;
}

- (void)startLoading
{
    NSMutableURLRequest *request = [[self.request mutableCopy] autorelease];
    [NSURLProtocol setProperty:[NSNumber numberWithBool:YES] forKey:StoppableProtocolHandledKey inRequest:request];
    _connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];
}

- (void)stopLoading
{
    ProofTrace(@"protocol stops after %lu bytes", (unsigned long)_receivedBytes);
    [_connection cancel];
    [_connection release];
    _connection = nil;
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"protocol response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
    [[self client] URLProtocol:self didReceiveResponse:response cacheStoragePolicy:NSURLCacheStorageNotAllowed];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    _receivedBytes += data.length;
    [[self client] URLProtocol:self didLoadData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"protocol finish bytes=%lu", (unsigned long)_receivedBytes);
    [[self client] URLProtocolDidFinishLoading:self];
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"protocol fail %@", ProofErrorText(error));
    [[self client] URLProtocol:self didFailWithError:error];
}

- (void)dealloc
{
    [_connection release];
    [super dealloc];
}

@end
