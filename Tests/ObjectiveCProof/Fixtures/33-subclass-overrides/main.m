// A subclass in its own file overrides delegate methods of the class that creates the
// connections, calling super. --fix moves the superclass, which keeps those selectors as ordinary
// methods its session's methods call, and the subclass with it: both bodies still run, in order.
#import "TracingLoader.h"

int main(void)
{
    @autoreleasepool {
        TracingLoader *loader = [[TracingLoader alloc] init];
        NSString *target = [ProofURL(@"/bytes/9") absoluteString];
        [loader load:[@"/redirect-to?url=" stringByAppendingString:target]];
        ProofRunUntilFinished(10);
    }
    return 0;
}
