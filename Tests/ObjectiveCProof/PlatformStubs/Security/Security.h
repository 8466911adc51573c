// Just enough of Security for compile-real-code: the types, constants and functions the fetched
// files name, with Apple's signatures and values. GNUstep has no Security framework, while on
// Apple's SDKs Foundation's NSURLCredential.h imports it (and on macOS a target's AppKit prefix
// header brings it too). Nothing is ever run.
#ifndef _SECURITY_SECURITY_H_
#define _SECURITY_SECURITY_H_
#include <CoreFoundation/CoreFoundation.h>

typedef int32_t OSStatus;
enum {
    errSecSuccess = 0,
};

typedef struct __SecIdentity *SecIdentityRef;
typedef struct __SecCertificate *SecCertificateRef;
typedef struct __SecTrust *SecTrustRef;
typedef struct __SecKey *SecKeyRef;
typedef struct __SecPolicy *SecPolicyRef;

typedef uint32_t SecTrustResultType;
enum {
    kSecTrustResultInvalid = 0,
    kSecTrustResultProceed = 1,
    kSecTrustResultConfirm = 2,
    kSecTrustResultDeny = 3,
    kSecTrustResultUnspecified = 4,
    kSecTrustResultRecoverableTrustFailure = 5,
    kSecTrustResultFatalTrustFailure = 6,
    kSecTrustResultOtherError = 7,
};

OSStatus SecTrustCreateWithCertificates(CFTypeRef certificates, CFTypeRef policies, SecTrustRef *trust);
OSStatus SecTrustEvaluate(SecTrustRef trust, SecTrustResultType *result);
OSStatus SecTrustSetAnchorCertificates(SecTrustRef trust, CFArrayRef anchorCertificates);
OSStatus SecTrustSetAnchorCertificatesOnly(SecTrustRef trust, Boolean anchorCertificatesOnly);
CFIndex SecTrustGetCertificateCount(SecTrustRef trust);
SecCertificateRef SecTrustGetCertificateAtIndex(SecTrustRef trust, CFIndex ix);
SecKeyRef SecTrustCopyPublicKey(SecTrustRef trust);
SecPolicyRef SecPolicyCreateBasicX509(void);
SecCertificateRef SecCertificateCreateWithData(CFAllocatorRef allocator, CFDataRef data);
CFDataRef SecCertificateCopyData(SecCertificateRef certificate);
OSStatus SecIdentityCopyCertificate(SecIdentityRef identityRef, SecCertificateRef *certificateRef);

extern const CFStringRef kSecImportExportPassphrase;
extern const CFStringRef kSecImportItemIdentity;
extern const CFStringRef kSecImportItemTrust;
OSStatus SecPKCS12Import(CFDataRef pkcs12_data, CFDictionaryRef options, CFArrayRef *items);

#endif
