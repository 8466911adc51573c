#import "BaseLoader.h"

// Overrides three of BaseLoader's delegate methods, each handing on to super.
@interface TracingLoader : BaseLoader
@property (nonatomic, assign) NSUInteger redirects;
@end
