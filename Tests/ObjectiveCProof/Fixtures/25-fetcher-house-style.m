// A fetcher written in its own house style, compiled with -Wshadow-ivar as an error: instance
// variables named request, error and task, tab indentation, a `#pragma mark` naming the
// connection's protocol, and a redirect it has no method for (NSURLConnection follows it). The
// moved class must not shadow those variables (its finish body still reads the ivar `error`),
// and must follow the redirect: GNUstep's session, without a redirect method, ends the task as a
// success with the 302 and an empty body.
#pragma clang diagnostic error "-Wshadow-ivar"
#import "ProofSupport.h"

@interface HouseFetcher : NSObject <NSURLConnectionDataDelegate> {
	NSURLRequest *request;
	NSError *error;
	NSString *task;
	NSMutableData *body;
}
@end

@implementation HouseFetcher

- (void)fetch
{
	NSString *target = [ProofURL(@"/bytes/7") absoluteString];
	NSString *path = [@"/redirect-to?url=" stringByAppendingString:target];
	request = [NSURLRequest requestWithURL:ProofURL(path)];
	error = [NSError errorWithDomain:@"house" code:7 userInfo:nil];
	task = @"fetch";
	[[NSURLConnection alloc] initWithRequest:request delegate:self];
}

#pragma mark - NSURLConnectionDataDelegate

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
	body = [NSMutableData data];
	ProofTrace(@"response %ld %@", (long)[(NSHTTPURLResponse *)response statusCode], response.URL.path);
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data
{
	[body appendData:data];
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection
{
	ProofTrace(@"finish %@ bytes=%lu house=%@ %ld", task, (unsigned long)body.length, error.domain, (long)error.code);
	ProofFinish();
}

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)failure
{
	ProofTrace(@"fail %@", ProofErrorText(failure));
	ProofFinish();
}

@end

int main(void)
{
	@autoreleasepool {
		HouseFetcher *fetcher = [[HouseFetcher alloc] init];
		[fetcher fetch];
		ProofRunUntilFinished(10);
	}
	return 0;
}
