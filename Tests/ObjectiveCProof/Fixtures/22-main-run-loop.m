// The era's commonest idiom: created with startImmediately:NO on a background thread, scheduled
// (after a statement of its own) in the main run loop for the common modes and the default one,
// then started there. The
// connection calls its delegate on the main thread; after the move the session's delegate queue
// is the main queue, which runs on that run loop. Indented with tabs, as the move must keep.
#import "ProofSupport.h"

@interface MainRunLoopLoader : NSObject <NSURLConnectionDataDelegate>
@property (nonatomic, assign) NSUInteger received;
@property (nonatomic, strong) NSCondition *condition;
@property (nonatomic, assign) BOOL started;
@end

@implementation MainRunLoopLoader

- (void)load
{
	@autoreleasepool {
		NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:[NSURLRequest requestWithURL:ProofURL(@"/bytes/1024")]
		                                                              delegate:self
		                                                      startImmediately:NO];
		ProofTrace(@"created");
		[connection scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSRunLoopCommonModes];
		[connection scheduleInRunLoop:[NSRunLoop mainRunLoop] forMode:NSDefaultRunLoopMode];
		[connection start];
		ProofTrace(@"started");
		[self.condition lock];
		self.started = YES;
		[self.condition signal];
		[self.condition unlock];
	}
}

// The main run loop spins only once the thread has started the load: the trace's order is fixed.
- (void)waitUntilStarted
{
	[self.condition lock];
	while (!self.started) {
		[self.condition wait];
	}
	[self.condition unlock];
}

- (void)connection:(NSURLConnection *)connection didReceiveResponse:(NSURLResponse *)response
{
	ProofTrace(@"response %ld", (long)[(NSHTTPURLResponse *)response statusCode]);
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

- (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error
{
	ProofTrace(@"fail %@", ProofErrorText(error));
	ProofFinish();
}

@end

int main(void)
{
	@autoreleasepool {
		MainRunLoopLoader *loader = [[MainRunLoopLoader alloc] init];
		loader.condition = [[NSCondition alloc] init];
		[NSThread detachNewThreadSelector:@selector(load) toTarget:loader withObject:nil];
		[loader waitUntilStarted];
		ProofRunUntilFinished(5);
	}
	return 0;
}
