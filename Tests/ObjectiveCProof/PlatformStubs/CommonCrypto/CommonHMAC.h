// Just enough of CommonCrypto's HMAC for compile-real-code (see CommonCryptor.h beside it).
#ifndef _CC_COMMON_HMAC_H_
#define _CC_COMMON_HMAC_H_
#include <CommonCrypto/CommonDigest.h>
#include <stdint.h>

enum {
    kCCHmacAlgSHA1,
    kCCHmacAlgMD5,
    kCCHmacAlgSHA256,
    kCCHmacAlgSHA384,
    kCCHmacAlgSHA512,
    kCCHmacAlgSHA224,
};
typedef uint32_t CCHmacAlgorithm;

#endif
