#import "SPVIVersionIntrospection.h"

@implementation SPVIVersionIntrospection
+ (instancetype)sharedIntrospection {
    static SPVIVersionIntrospection *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ shared = [[self alloc] init]; });
    return shared;
}
- (NSDictionary *)versionsForDependency { return @{}; }
@end
