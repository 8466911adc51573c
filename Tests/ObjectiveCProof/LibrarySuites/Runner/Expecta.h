// Expecta's `expect(actual).to.equal(expected)` spelling, as far as the library suites use it:
// to/toNot/notTo, will/willNot (the matcher is polled, the current run loop turning in between,
// until it holds or the timeout passes: Expecta's 1 s unless the suite sets another), and the
// matchers equal, beNil, beTruthy, beFalsy, beKindOf, haveCountOf, beGreaterThan, raise, raiseAny.
#import "ProofTestCase.h"

// Any value as an object, by its @encode type: what Expecta's EXPObjectify does.
id ProofBox(const char *type, ...);
#define PROOF_BOX(...) ProofBox(@encode(__typeof__((__VA_ARGS__))), (__VA_ARGS__))

@interface ProofExpectation : NSObject
@property (nonatomic, readonly) ProofExpectation *to, *toNot, *notTo, *will, *willNot;
@property (nonatomic, readonly) void (^_equal)(id expected);
@property (nonatomic, readonly) void (^_beGreaterThan)(id expected);
@property (nonatomic, readonly) void (^beNil)(void);
@property (nonatomic, readonly) void (^beTruthy)(void);
@property (nonatomic, readonly) void (^beFalsy)(void);
@property (nonatomic, readonly) void (^beKindOf)(Class expected);
@property (nonatomic, readonly) void (^haveCountOf)(NSUInteger expected);
@property (nonatomic, readonly) void (^raise)(NSString *name);
@property (nonatomic, readonly) void (^raiseAny)(void);
@end

// The class through which a suite sets the timeout of will/willNot.
@interface Expecta : NSObject
+ (void)setAsynchronousTestTimeout:(NSTimeInterval)timeout;
@end

ProofExpectation *ProofExpect(ProofTestCase *testCase, const char *file, int line, id (^actual)(void));
#define expect(...) ProofExpect(self, __FILE__, __LINE__, ^id { return PROOF_BOX(__VA_ARGS__); })
#define equal(...) _equal(PROOF_BOX(__VA_ARGS__))
#define beGreaterThan(...) _beGreaterThan(PROOF_BOX(__VA_ARGS__))
