// A 10 MB body into an ivar-held NSMutableData under manual retain/release, created with
// +connectionWithRequest:delegate: (autoreleased) and retained by hand, as 2010 code did.
#import "ProofSupport.h"

@interface LargeDownload : NSObject
{
    NSURLConnection *_connection;
    NSMutableData *_body;
}
- (void)start;
@end

@implementation LargeDownload

- (void)dealloc
{
    [_connection release];
    [_body release];
    [super dealloc];
}

- (void)start
{
    NSURLRequest *request = [NSURLRequest requestWithURL:ProofURL(@"/bytes/10485760")];
    _connection = [[NSURLConnection connectionWithRequest:request delegate:self] retain];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
    [_body release];
    _body = [[NSMutableData alloc] init];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [_body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    const unsigned char *bytes = [_body bytes];
    BOOL pattern = YES;
    for (NSUInteger i = 0; i < [_body length]; i++) {
        if (bytes[i] != i % 251) { pattern = NO; break; }
    }
    ProofTrace(@"finish bytes=%lu pattern=%d", (unsigned long)[_body length], pattern);
    [_connection release];
    _connection = nil;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@", ProofErrorText(error));
    [_connection release];
    _connection = nil;
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        LargeDownload *download = [[LargeDownload alloc] init];
        [download start];
        ProofRunUntilFinished(60);
        [download release];
    }
    return 0;
}
