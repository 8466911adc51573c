#import "LegacyLoader.h"

@implementation LegacyLoader

- (void)load:(NSURL *)url {
    NSURLRequest *request = [NSURLRequest requestWithURL:url];
    self.connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection {
    self.connection = nil;
}

@end
