// Security.framework's names as far as the libraries under test mention them (SSL pinning,
// certificate trust, random bytes). GNUstep has no Security framework and the suites run over
// plain HTTP on the loopback server, so no server trust is ever evaluated: every trust function
// fails (errSecUnimplemented, or NULL), which a pinning test would show as a failure on both
// sides. Random bytes work (/dev/urandom).
#import "CoreFoundationSubset.h"

typedef int32_t OSStatus;
typedef struct __SecTrust *SecTrustRef;
typedef struct __SecCertificate *SecCertificateRef;
typedef struct __SecKey *SecKeyRef;
typedef struct __SecPolicy *SecPolicyRef;
typedef struct __SecIdentity *SecIdentityRef;
typedef uint32_t SecTrustResultType;
typedef uint32_t SecExternalFormat;
typedef uint32_t SecItemImportExportFlags;
typedef struct { uint32_t version; SecKeyRef *passphrase; } SecItemImportExportKeyParameters;

enum { errSecSuccess = 0, errSecUnimplemented = -4 };
enum { kSecTrustResultInvalid = 0, kSecTrustResultProceed = 1, kSecTrustResultDeny = 3,
       kSecTrustResultUnspecified = 4, kSecTrustResultRecoverableTrustFailure = 5 };
enum { kSecFormatUnknown = 0 };
enum { kSecItemPemArmour = 1 };

typedef const struct __SecRandom *SecRandomRef;
#define kSecRandomDefault ((SecRandomRef)NULL)
int SecRandomCopyBytes(SecRandomRef rnd, size_t count, uint8_t *bytes);

OSStatus SecTrustEvaluate(SecTrustRef trust, SecTrustResultType *result);
OSStatus SecTrustCreateWithCertificates(CFTypeRef certificates, CFTypeRef policies, SecTrustRef *trust);
SecKeyRef SecTrustCopyPublicKey(SecTrustRef trust);
CFIndex SecTrustGetCertificateCount(SecTrustRef trust);
SecCertificateRef SecTrustGetCertificateAtIndex(SecTrustRef trust, CFIndex index);
SecCertificateRef SecCertificateCreateWithData(CFAllocatorRef allocator, CFDataRef data);
CFDataRef SecCertificateCopyData(SecCertificateRef certificate);
SecPolicyRef SecPolicyCreateBasicX509(void);
SecPolicyRef SecPolicyCreateSSL(Boolean server, CFStringRef hostname);
OSStatus SecTrustSetAnchorCertificates(SecTrustRef trust, CFArrayRef anchorCertificates);
OSStatus SecTrustSetPolicies(SecTrustRef trust, CFTypeRef policies);
OSStatus SecItemExport(CFTypeRef item, SecExternalFormat format, SecItemImportExportFlags flags,
    const SecItemImportExportKeyParameters *parameters, CFDataRef *exported);

// Foundation's server-trust API, which GNUstep's URL loading lacks: no trust, no credential.
@interface NSURLProtectionSpace (ServerTrust)
- (SecTrustRef)serverTrust;
@end
@interface NSURLCredential (ServerTrust)
+ (NSURLCredential *)credentialForTrust:(SecTrustRef)trust;
@end
