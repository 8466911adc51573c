// +sendAsynchronousRequest:queue:completionHandler: with its four outcomes, chained so the
// order is fixed: a body on a queue of its own, an empty body, an HTTP error status and a
// refused connection, the last three on the main queue. Manual retain/release: the handler and
// the blocks it captures must outlive the call. GNUstep's NSURLConnection has no such method, so
// the trace before --fix is the documented one (17-send-asynchronous-mrc.expected).
#import "ProofSupport.h"

@interface Fetcher : NSObject
@property (nonatomic, retain) NSOperationQueue *privateQueue;
@end

@implementation Fetcher

- (void)fetch:(NSURL *)url label:(NSString *)label queue:(NSOperationQueue *)queue then:(void (^)(void))next
{
    [NSURLConnection sendAsynchronousRequest:[NSURLRequest requestWithURL:url]
                                       queue:queue
                           completionHandler:^(NSURLResponse *response, NSData *data, NSError *error) {
        ProofTrace(@"%@ status=%ld data=%@ error=%@ queue=%d", label, (long)[(NSHTTPURLResponse *)response statusCode],
                   data == nil ? @"nil" : [NSString stringWithFormat:@"%lu", (unsigned long)data.length],
                   ProofErrorText(error), [NSOperationQueue currentQueue] == queue);
        next();
    }];
}

- (void)start
{
    self.privateQueue = [[[NSOperationQueue alloc] init] autorelease];
    NSOperationQueue *main = [NSOperationQueue mainQueue];
    NSURL *refused = [NSURL URLWithString:@"http://127.0.0.1:1/"];
    [self fetch:ProofURL(@"/bytes/5") label:@"body" queue:self.privateQueue then:^{
        [self fetch:ProofURL(@"/bytes/0") label:@"empty" queue:main then:^{
            [self fetch:ProofURL(@"/status/404") label:@"not-found" queue:main then:^{
                [self fetch:refused label:@"refused" queue:main then:^{
                    ProofFinish();
                }];
            }];
        }];
    }];
}

@end

int main(void)
{
    @autoreleasepool {
        Fetcher *fetcher = [[[Fetcher alloc] init] autorelease];
        [fetcher start];
        ProofRunUntilFinished(10);
    }
    return 0;
}
