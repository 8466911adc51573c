# STHTTPRequest 1.0.3 (tag 1.0.3, its last release on NSURLConnection): STHTTPRequest, the
# NSURLConnection delegate of each request it starts, scheduled in the main run loop; its
# asynchronous XCTest target (STHTTPRequestAsyncTests) against httpbin.org.
repository=nst/STHTTPRequest
commit=7b69b5e2b27fb94916e36829f64d9069a5a2b0b6
# The library is STHTTPRequest.m at the root: --fix runs over the whole tree, and the tests'
# only NSURLConnection call (sendSynchronousRequest:) stays as it is.
sources=.
left_out=(
    "./Demo Project	the demo app (UIKit) and the tests (built as the tests below)"
    "./STHTTPRequest2	a second copy of the library (a version 2 draft)"
    "./UnitTestAdditions	the synchronous target's stubs: a category whose +initialize swizzles -startAsynchronous for every request, so linked into the one runner it would stub the asynchronous tests too"
)
tests="Demo Project/Unit Tests"
tests_left_out=(
    "Demo Project/Unit Tests/STHTTPRequestTests.m	the synchronous target: every request answered by UnitTestAdditions' stubs (left out above), none by a connection"
)
hosts=("http://httpbin.org")
rewrites=(
    's|"http://www\.perdu\.com"|"http://httpbin.org/get"|	www.perdu.com'"'"'s page: httpbin'"'"'s /get stands in'
    's|/delay/([0-9]+)"|/delay/\1000"|	httpbin'"'"'s /delay/N waits N seconds, the loopback server'"'"'s N milliseconds'
    's|/stream-bytes/([0-9]+)|/chunked/\1|	httpbin'"'"'s /stream-bytes/N sends N bytes chunked, as the loopback server'"'"'s /chunked/N does'
    's|/cookies/set\?([a-z]+)=([a-z]+)|/response-headers?Set-Cookie=\1=\2|	httpbin'"'"'s /cookies/set?N=V answers with Set-Cookie: N=V (and a redirect to /cookies); the loopback server'"'"'s /response-headers sets the same header, without the redirect'
)
excluded=(
    "STHTTPRequestAsyncTests/testDigestAuthenticationFailing	the loopback server has no /digest-auth route (a 404 would pass it for another reason)"
    "STHTTPRequestAsyncTests/testStatusPUT	the loopback server has no /put route (httpbin's echoes the form back as JSON)"
)
gnustep_differences=(
    "STHTTPRequestAsyncTests/testRedirect	fail pass	/redirect/6 answers with relative Locations (/redirect/5): GNUstep's NSURLConnection hands the delegate a request whose URL is the Location as sent, with no scheme or host, and never loads it; its NSURLSession resolves it against the request's URL, as Apple's both do"
)
extra_flags=(-D__MAC_OS_X_VERSION_MIN_REQUIRED=1070)
