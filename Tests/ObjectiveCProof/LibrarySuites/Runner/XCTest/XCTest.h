// XCTest, as far as the library suites use it, on the runner's ProofTestCase.
#import "../ProofTestCase.h"

#define XCTestCase ProofTestCase
#define XCTAssert PROOF_ASSERT_TRUE
#define XCTAssertTrue PROOF_ASSERT_TRUE
#define XCTAssertFalse(expression, ...) PROOF_ASSERT_TRUE(!(expression), __VA_ARGS__)
#define XCTAssertEqualObjects PROOF_ASSERT_EQUAL_OBJECTS
#define XCTAssertEqual PROOF_ASSERT_EQUALS
#define XCTAssertNil PROOF_ASSERT_NIL
#define XCTAssertNotNil PROOF_ASSERT_NOT_NIL
#define XCTAssertThrows PROOF_ASSERT_THROWS
#define XCTAssertNoThrow PROOF_ASSERT_NO_THROW
#define XCTFail(...) PROOF_FAIL(@"%@", PROOF_MESSAGE(__VA_ARGS__))
