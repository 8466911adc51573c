// connectionShouldUseCredentialStorage: (NSURLSession has no such question: kept, and asked when
// the session is created; NO gives it a configuration without credential storage)
// beside the data methods of a class that starts with +connectionWithRequest:delegate: (ARC).
#import "ProofSupport.h"

@interface StorageAwareLoader : NSObject <NSURLConnectionDelegate, NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSUInteger received;
@end

@implementation StorageAwareLoader

- (void)start
{
    NSURLConnection *connection = [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/64")]
                                                                delegate:self];
    ProofTrace(@"started %d", connection != nil);
}

- (BOOL)connectionShouldUseCredentialStorage:(NSURLConnection *)connection
{
    return NO;
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    self.received += data.length;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu", (unsigned long)self.received);
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        StorageAwareLoader *loader = [[StorageAwareLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
