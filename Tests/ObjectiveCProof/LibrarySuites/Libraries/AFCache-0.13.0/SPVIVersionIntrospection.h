// The VersionIntrospection pod (a dependency of AFCache's podspec, not in its tree) as far as
// AFCache calls it: the versions of the pods an app links, which here is none.
#import <Foundation/Foundation.h>

@interface SPVIVersionIntrospection : NSObject
+ (instancetype)sharedIntrospection;
@property (nonatomic, readonly) NSDictionary *versionsForDependency;
@end
