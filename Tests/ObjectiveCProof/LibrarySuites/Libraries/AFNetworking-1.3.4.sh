# AFNetworking 1.3.4 (tag 1.3.4): AFURLConnectionOperation and the operations and client on it;
# its OCUnit suite (SenTestingKit, Expecta, OCMock) against httpbin.org.
repository=AFNetworking/AFNetworking
commit=5266874bcc79c1afa627e590f982e50f6886f25f
sources=AFNetworking
left_out=(
    "AFNetworking/UIImageView+AFNetworking.m	UIKit category (UIImageView): GNUstep has no UIKit"
    "AFNetworking/AFNetworkActivityIndicatorManager.m	drives UIApplication's network activity indicator: UIKit"
)
tests=Tests
tests_left_out=(
    "Tests/AFImageRequestOperationTests.m	decodes PNG, JPEG, GIF and TIFF bodies into NSImage: AppKit's decoders are not part of this GNUstep (Runner/Platform/Cocoa decodes nothing)"
    "Tests/AFMockURLProtocol.m	an NSURLProtocol stub built on OCMock, which the runner does not provide"
    "Tests/AFURLConnectionOperationTests.m	every test stubs the connection with AFMockURLProtocol (OCMock) or pins certificates with Security.framework (not on GNUstep)"
    "Tests/AFNetworkingTests.m	defines the base URL (Libraries/AFNetworking-1.3.4/BaseURL.m does) and starts an optional logger pod"
)
hosts=("http://httpbin.org")
rewrites=(
    's|@"/delay/([0-9]+)"|@"/delay/\1000"|	httpbin'"'"'s /delay/N waits N seconds, the loopback server'"'"'s N milliseconds'
)
excluded=(
    "AFHTTPClientTests/testThatEnqueueBatchOfHTTPRequestOperationsConstructsOperationsWithAppropriateRegisteredHTTPRequestOperationClasses	OCMock partial mock of the client"
    "AFHTTPClientTests/testThatEnqueueBatchOfHTTPRequestOperationsEnqueuesOperationsInTheCorrectOrder	OCMock mock of the operation queue"
)
gnustep_differences=(
    "AFHTTPRequestOperationTests/testThatRedirectBlockIsCalledWhen302IsEncountered	fail pass	the redirect block: GNUstep's NSURLConnection, scheduled in the operation's run loop and started there, never asks connection:willSendRequest:redirectResponse: with the redirect response (twice in the whole suite, never with one); its NSURLSession asks about every redirect, as Apple's NSURLConnection does"
    "AFHTTPRequestOperationTests/testThatRedirectBlockIsCalledMultipleTimesWhenMultiple302sAreEncountered	fail pass	the redirect block, five redirects: as above"
    "AFHTTPRequestOperationTests/testThatTextStringEncodingIsUTF8WhenInvalidCharsetParameterIsProvided	fail pass	textEncodingName: GNUstep's NSURLConnection reports us-ascii for every response, whatever its charset; its NSURLSession reports the charset (here \"invalid\", which AFNetworking maps to UTF-8)"
)
# Built as its OS X target (its suite has one), whose Availability.h defines these: 10.7 the
# deployment target of its OS X test target, 10.8 the SDK (AF_CAST_TO_BLOCK: the `id` parameter
# of imp_implementationWithBlock, which is libobjc2's too).
extra_flags=(-D__MAC_OS_X_VERSION_MIN_REQUIRED=1070 -D__MAC_10_8=1080)
