# AFCache 0.13.0 (artifacts/AFCache at its last commit): an HTTP cache whose AFDownloadOperation,
# started on the main thread, is the NSURLConnection delegate of each download; its OCUnit suite
# (SenTestingKit) against a web server on localhost.
repository=artifacts/AFCache
commit=70dec2bd449f6dc76575f5d360ca1056d89748a5
sources=src
left_out=(
    "src/Examples	UIKit demo view controllers"
    "src/OSX/afcpkg_main.m	the afcpkg command-line tool's main"
    "src/shared/AFCache+Packaging.m	zip packages: the ZipArchive pod (a podspec dependency, not in the tree)"
    "src/shared/AFCachePackageCreator.m	zip packages: the ZipArchive pod (a podspec dependency, not in the tree)"
)
tests=AFCacheTests
tests_left_out=()
# The library is ARC; its tests release by hand.
arc=-fobjc-arc
test_arc=-fno-objc-arc
frameworks=("AFCache	src/shared" "VersionIntrospection	.suite-support")
hosts=("http://localhost")
rewrites=(
    's|/~mic/artifacts/img/images/af-base\.png|/bytes/2048|	a file on the developer'"'"'s own web server: a body of bytes from the loopback server stands in'
)
excluded=()
extra_flags=(-D__MAC_OS_X_VERSION_MIN_REQUIRED=1070)
