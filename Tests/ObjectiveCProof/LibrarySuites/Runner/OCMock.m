#import "OCMock.h"

@implementation OCMockObject
+ (id)unavailable { [NSException raise:NSInternalInconsistencyException format:@"OCMock is not part of the library-suite runner"]; return nil; }
+ (id)mockForClass:(Class)aClass { (void)aClass; return [self unavailable]; }
+ (id)partialMockForObject:(id)object { (void)object; return [self unavailable]; }
+ (id)niceMockForClass:(Class)aClass { (void)aClass; return [self unavailable]; }
- (id)stub { return [OCMockObject unavailable]; }
- (id)expect { return [OCMockObject unavailable]; }
- (id)andReturn:(id)value { (void)value; return [OCMockObject unavailable]; }
- (id)andDo:(void (^)(NSInvocation *))block { (void)block; return [OCMockObject unavailable]; }
- (void)verify { [OCMockObject unavailable]; }
@end

@implementation OCMArg
+ (id)any { return [OCMockObject unavailable]; }
@end
