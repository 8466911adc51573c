// The test case base class of the library-suite runner: the part of SenTestingKit's, XCTest's
// and GHUnit's test case that the suites use. A failed assertion raises ProofTestFailure, which
// the runner catches around each test method and reports with the assertion's file and line.
#import <Foundation/Foundation.h>

extern NSString *const ProofTestFailure;

@interface ProofTestCase : NSObject
- (void)setUp;
- (void)tearDown;
// Raises ProofTestFailure; `description` says what failed, as the framework would.
- (void)failInFile:(const char *)file line:(int)line description:(NSString *)description;
@end

// The assertions, in each framework's spelling. Only what the suites call.
#define PROOF_FAIL(...) [self failInFile:__FILE__ line:__LINE__ description:[NSString stringWithFormat:__VA_ARGS__]]
#define PROOF_MESSAGE(...) (@"" __VA_ARGS__)
#define PROOF_ASSERT_TRUE(expression, ...) do { if (!(expression)) PROOF_FAIL(@"\"%s\" is false. %@", #expression, PROOF_MESSAGE(__VA_ARGS__)); } while (0)
#define PROOF_ASSERT_EQUAL_OBJECTS(a, b, ...) do { id proofA = (a), proofB = (b); \
    if (proofA != proofB && ![proofA isEqual:proofB]) PROOF_FAIL(@"'%@' should be equal to '%@'. %@", proofA, proofB, PROOF_MESSAGE(__VA_ARGS__)); } while (0)
#define PROOF_ASSERT_EQUALS(a, b, ...) do { __typeof__(a) proofA = (a); __typeof__(b) proofB = (b); \
    if (proofA != proofB) PROOF_FAIL(@"\"%s\" should equal \"%s\". %@", #a, #b, PROOF_MESSAGE(__VA_ARGS__)); } while (0)
#define PROOF_ASSERT_NIL(a, ...) PROOF_ASSERT_TRUE((a) == nil, __VA_ARGS__)
#define PROOF_ASSERT_NOT_NIL(a, ...) PROOF_ASSERT_TRUE((a) != nil, __VA_ARGS__)
#define PROOF_ASSERT_THROWS(expression, ...) do { BOOL proofThrew = NO; @try { (void)(expression); } @catch (id proofE) { proofThrew = YES; } \
    if (!proofThrew) PROOF_FAIL(@"\"%s\" should raise. %@", #expression, PROOF_MESSAGE(__VA_ARGS__)); } while (0)
#define PROOF_ASSERT_NO_THROW(expression, ...) do { @try { (void)(expression); } @catch (id proofE) { \
    PROOF_FAIL(@"\"%s\" raised %@. %@", #expression, proofE, PROOF_MESSAGE(__VA_ARGS__)); } } while (0)
