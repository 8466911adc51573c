// Just enough of CommonCrypto for compile-real-code: the types and constants the fetched files'
// headers name, with Apple's types and values. GNUstep has no CommonCrypto. Nothing is ever run.
#ifndef _CC_COMMON_CRYPTOR_
#define _CC_COMMON_CRYPTOR_
#include <stdint.h>

typedef uint32_t CCOperation;
enum {
    kCCEncrypt = 0,
    kCCDecrypt,
};

typedef uint32_t CCAlgorithm;
enum {
    kCCAlgorithmAES128 = 0,
};

typedef uint32_t CCOptions;
enum {
    kCCOptionPKCS7Padding = 0x0001,
    kCCOptionECBMode = 0x0002,
};

enum {
    kCCKeySizeAES128 = 16,
    kCCKeySizeAES192 = 24,
    kCCKeySizeAES256 = 32,
};

enum {
    kCCBlockSizeAES128 = 16,
};

typedef uint32_t CCMode;
enum {
    kCCModeECB = 1,
    kCCModeCBC = 2,
};

#endif
