// Just enough of XCTest for compile-real-code to type-check the fetched test files: the test
// case class with what they call of it (Apple's signatures), and the assertions they use, each an
// expression of type void that evaluates its operands as XCTest's macros do (so a wrong operand
// is still an error) and checks its message as a format. Nothing here is ever run.
#import <Foundation/Foundation.h>

@interface XCTestExpectation : NSObject
- (void)fulfill;
@end

typedef void (^XCWaitCompletionHandler)(NSError *error);

@interface XCTest : NSObject
- (void)setUp;
- (void)tearDown;
@end

@interface XCTestCase : XCTest
- (XCTestExpectation *)expectationWithDescription:(NSString *)description;
- (void)waitForExpectationsWithTimeout:(NSTimeInterval)timeout handler:(XCWaitCompletionHandler)handler;
@end

// An assertion's optional message: a format and its arguments, or nothing.
static inline void XCTStubMessage(NSString *format, ...) __attribute__((format(__NSString__, 1, 2)));
static inline void XCTStubMessage(NSString *format, ...) {}
#define XCT_STUB_MESSAGE(...) XCTStubMessage(@"" __VA_ARGS__)

#define XCTFail(...) XCT_STUB_MESSAGE(__VA_ARGS__)
#define XCTAssertTrue(expression, ...) ((void)!(expression), XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertFalse(expression, ...) ((void)!(expression), XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertNil(expression, ...) ((void)((expression) == nil), XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertNotNil(expression, ...) ((void)((expression) != nil), XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertEqualObjects(expression1, expression2, ...) \
    ((void)[(expression1) isEqual:(expression2)], XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertEqual(expression1, expression2, ...) \
    ((void)((expression1) == (expression2)), XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertEqualWithAccuracy(expression1, expression2, accuracy, ...) \
    ((void)((expression1) - (expression2) <= (accuracy)), XCT_STUB_MESSAGE(__VA_ARGS__))
#define XCTAssertThrowsSpecificNamed(expression, exceptionClass, exceptionName, ...) \
    ((void)(expression), (void)[exceptionClass class], (void)(NSString *)(exceptionName), XCT_STUB_MESSAGE(__VA_ARGS__))
