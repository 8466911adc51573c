// Just enough of CommonCrypto's key derivation for compile-real-code (see CommonCryptor.h beside
// it). As Apple's, it brings the digests and HMAC.
#ifndef _CC_PBKDF_H_
#define _CC_PBKDF_H_
#include <CommonCrypto/CommonDigest.h>
#include <CommonCrypto/CommonHMAC.h>
#include <stdint.h>

enum {
    kCCPBKDF2 = 2,
};
typedef uint32_t CCPBKDFAlgorithm;

enum {
    kCCPRFHmacAlgSHA1 = 1,
    kCCPRFHmacAlgSHA224 = 2,
    kCCPRFHmacAlgSHA256 = 3,
    kCCPRFHmacAlgSHA384 = 4,
    kCCPRFHmacAlgSHA512 = 5,
};
typedef uint32_t CCPseudoRandomAlgorithm;

#endif
