# AFNetworking 2.2.4 (tag 2.2.4): AFURLConnectionOperation under AFHTTPRequestOperation and its
# manager, beside the NSURLSession-based AFURLSessionManager; its XCTest suite (Expecta, OCMock)
# against httpbin.org.
repository=AFNetworking/AFNetworking
commit=0f7ab0e4c009ed6908e8cb46f09049029cd1b80d
sources=AFNetworking
left_out=()
tests=Tests/Tests
tests_left_out=(
    "Tests/Tests/1.0 Tests	AFNetworking 1.x's suite, kept in the tree for reference and built by no target of 2.2.4"
    "Tests/Tests/AFSecurityPolicyTests.m	evaluates certificate chains with Security.framework's SecTrust, which GNUstep lacks (Runner/Platform/SecuritySubset.h fails every evaluation)"
)
hosts=("https://httpbin.org" "http://httpbin.org")
rewrites=(
    's|@"/delay/([0-9]+)"|@"/delay/\1000"|	httpbin'"'"'s /delay/N waits N seconds, the loopback server'"'"'s N milliseconds'
)
excluded=()
# Built as its OS X target (10.9, the deployment target of its OS X test target; 10.8 selects the
# block-taking imp_implementationWithBlock, which is libobjc2's).
extra_flags=(-D__MAC_OS_X_VERSION_MIN_REQUIRED=1090 -D__MAC_10_8=1080 -D__MAC_10_9=1090)
