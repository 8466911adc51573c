// Just enough of CommonCrypto's digests for compile-real-code (see CommonCryptor.h beside it).
#ifndef _CC_COMMON_DIGEST_H_
#define _CC_COMMON_DIGEST_H_

#define CC_SHA1_DIGEST_LENGTH 20
#define CC_SHA256_DIGEST_LENGTH 32

#endif
