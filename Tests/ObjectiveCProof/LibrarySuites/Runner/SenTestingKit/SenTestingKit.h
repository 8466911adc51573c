// OCUnit's SenTestingKit, as far as the library suites use it, on the runner's ProofTestCase.
#import "../ProofTestCase.h"

#define SenTestCase ProofTestCase
#define STAssertTrue PROOF_ASSERT_TRUE
#define STAssertFalse(expression, ...) PROOF_ASSERT_TRUE(!(expression), __VA_ARGS__)
#define STAssertEqualObjects PROOF_ASSERT_EQUAL_OBJECTS
#define STAssertEquals PROOF_ASSERT_EQUALS
#define STAssertNil PROOF_ASSERT_NIL
#define STAssertNotNil PROOF_ASSERT_NOT_NIL
#define STAssertThrows PROOF_ASSERT_THROWS
#define STAssertNoThrow PROOF_ASSERT_NO_THROW
#define STFail(...) PROOF_FAIL(@"%@", PROOF_MESSAGE(__VA_ARGS__))
