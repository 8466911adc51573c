// Two connections in flight on one delegate, told apart by comparing the connection parameter
// with the ivars that hold them (manual retain/release, alloc/init retained by the ivar).
#import "ProofSupport.h"

@interface PairLoader : NSObject
{
    NSURLConnection *_profileConnection;
    NSURLConnection *_avatarConnection;
    NSUInteger _finished;
}
@end

@implementation PairLoader

- (void)start
{
    _profileConnection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/11")]
                                                         delegate:self];
    _avatarConnection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/2222")]
                                                        delegate:self];
}

- (NSString *)nameOf:(NSURLConnection *)connection
{
    return connection == _profileConnection ? @"profile" : connection == _avatarConnection ? @"avatar" : @"unknown";
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
    // The two may finish in either order: only the profile's finish and the count are traced.
    if (connection == _profileConnection) {
        ProofTrace(@"finish profile");
        [_profileConnection release];
        _profileConnection = nil;
    } else if (connection == _avatarConnection) {
        [_avatarConnection release];
        _avatarConnection = nil;
    }
    _finished += 1;
    if (_finished == 2) {
        ProofTrace(@"both finished");
        ProofFinish();
    }
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
    ProofTrace(@"fail %@ %@", [self nameOf:connection], ProofErrorText(error));
    ProofFinish();
}

@end

int main(void)
{
    @autoreleasepool {
        PairLoader *loader = [[PairLoader alloc] init];
        [loader start];
        ProofRunUntilFinished(10);
        [loader release];
    }
    return 0;
}
