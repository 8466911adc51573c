// The URL Loading guide's idiom, on a background thread that runs its own run loop: the
// connection is created in an `if` condition whose body makes the buffer the data goes into.
// NSURLConnection's first message came only after that body; after the move the task is resumed
// after the whole `if` statement, so the session's queue cannot deliver into a missing buffer.
#import "ProofSupport.h"

@interface ConditionLoader : NSObject <NSURLConnectionDataDelegate>
@property (atomic, assign) BOOL finished;
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic, strong) NSMutableData *buffer;
@end

@implementation ConditionLoader

- (void)run
{
    @autoreleasepool {
        if ((self.connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/2048")] delegate:self])) {
            // Work before the buffer exists: a response arriving now would find none.
            NSMutableString *label = [NSMutableString string];
            for (int i = 0; i < 200000; i++) {
                [label setString:[NSString stringWithFormat:@"%d", i]];
            }
            self.buffer = [NSMutableData data];
            ProofTrace(@"buffer ready");
        } else {
            ProofTrace(@"no connection");
        }
        NSDate *deadline = [NSDate dateWithTimeIntervalSinceNow:10];
        while (!self.finished && [deadline timeIntervalSinceNow] > 0) {
            [[NSRunLoop currentRunLoop] runMode:NSDefaultRunLoopMode beforeDate:[NSDate dateWithTimeIntervalSinceNow:0.05]];
        }
    }
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
    ProofTrace(@"response %ld buffer=%d", (long)[(NSHTTPURLResponse *)response statusCode], self.buffer != nil);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
    [self.buffer appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    ProofTrace(@"finish bytes=%lu", (unsigned long)self.buffer.length);
    self.finished = YES;
    ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@", ProofErrorText(error));
    self.finished = YES;
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        ConditionLoader *loader = [[ConditionLoader alloc] init];
        [NSThread detachNewThreadSelector:@selector(run) toTarget:loader withObject:nil];
        ProofRunUntilFinished(10);
    }
    return 0;
}
