// OCMock's names, declared so that a suite file mixing mock-based tests with others compiles.
// The runner has no mocks: any use raises, and the harness lists the mock-based tests as
// excluded, with that reason, so none of them is counted as run.
#import <Foundation/Foundation.h>

@interface OCMockObject : NSObject
+ (id)mockForClass:(Class)aClass;
+ (id)partialMockForObject:(id)object;
+ (id)niceMockForClass:(Class)aClass;
- (id)stub;
- (id)expect;
- (id)andReturn:(id)value;
- (id)andDo:(void (^)(NSInvocation *invocation))block;
- (void)verify;
@end

@interface OCMArg : NSObject
+ (id)any;
@end

#define OCMOCK_ANY [OCMArg any]
