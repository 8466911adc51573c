// A 100 000 byte POST with upload progress: the last progress call reports every byte sent
// (how many calls come before it differs between stacks, so only the last is traced).
// Neither GNUstep stack reports upload progress, so the expected trace has no "sent" line:
// the fixture proves the rewritten method compiles and the upload itself is unchanged.
#import "ProofSupport.h"

@interface Uploader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSUInteger echoed;
@end

@implementation Uploader

- (void)start
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:ProofURL(@"/echo")];
    request.HTTPMethod = @"POST";
    request.HTTPBody = [NSMutableData dataWithLength:100000];
    [request setValue:@"application/octet-stream" forHTTPHeaderField:@"Content-Type"];
    [[NSURLConnection alloc] initWithRequest:request delegate:self];
}

- (void)connection:(NSURLConnection *)connection didSendBodyData:(NSInteger)bytesWritten
 totalBytesWritten:(NSInteger)totalBytesWritten totalBytesExpectedToWrite:(NSInteger)totalBytesExpectedToWrite
{
    if (totalBytesWritten == totalBytesExpectedToWrite) {
        ProofTrace(@"sent %ld of %ld", (long)totalBytesWritten, (long)totalBytesExpectedToWrite);
    }
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.echoed += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish echoed=%lu", (unsigned long)self.echoed);
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
        Uploader *uploader = [[Uploader alloc] init];
        [uploader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
