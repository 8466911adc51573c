# RNCryptor 2.2 (tag RNCryptor-2.2): AES encryption and decryption in streams (RNEncryptor,
# RNDecryptor); its XCTest suite. The suite's RNCryptorTests is itself the NSURLConnection
# delegate of testAsync, which downloads a file and feeds each received chunk to an RNEncryptor
# (didReceiveData:), finishing it when the download ends (connectionDidFinishLoading:): --fix
# runs on the tests too (delegates_in_tests). CommonCrypto and SecRandomCopyBytes are
# Runner/Platform's, over OpenSSL.
repository=rnapier/RNCryptor
commit=c05b719c07315bc02c0cb327b1e6f8df1ed01145
sources=RNCryptor
left_out=()
tests=RNCryptorTests
tests_left_out=()
delegates_in_tests=yes
hosts=("http://robnapier.net")
rewrites=(
    's|/favicon\.ico|/bytes/1150|	the loopback server has no favicon.ico: a deterministic body of a favicon'"'"'s size stands in'
    's|\[\[NSBundle bundleForClass:\[self class\]\] pathForResource:kOpenSSLPath ofType:nil\]|[@"RNCryptorTests" stringByAppendingPathComponent:kOpenSSLPath]|	the runner is a plain executable run in the library'"'"'s root, not a test bundle with resources'
)
excluded=()
extra_flags=(-D__MAC_OS_X_VERSION_MIN_REQUIRED=1070)
