// Just enough of GHUnit (the test framework ASIHTTPRequest's tests use) for compile-real-code:
// the test case class and the one assertion the fetched test files call.
#import <Foundation/Foundation.h>

@interface GHTestCase : NSObject
@end

#define GHFail(description, ...) [NSException raise:@"GHTestFailure" format:(description), ##__VA_ARGS__]
