// CommonCrypto's names as far as the libraries under test call them (AES in CBC mode, HMAC,
// PBKDF2, MD5), with Apple's values; implemented over OpenSSL's libcrypto in
// CommonCryptoSubset.m, which gives the same bytes for the same inputs.
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <sys/types.h>

typedef uint32_t CC_LONG;
typedef uint32_t CCOperation;
typedef uint32_t CCAlgorithm;
typedef uint32_t CCOptions;
typedef int32_t CCCryptorStatus;
typedef struct _CCCryptor *CCCryptorRef;
typedef uint32_t CCHmacAlgorithm;
typedef uint32_t CCPBKDFAlgorithm;
typedef uint32_t CCPseudoRandomAlgorithm;
// Apple's is 96 words of state; here the first holds the OpenSSL context.
typedef struct { void *state; uint32_t reserved[94]; } CCHmacContext;

enum { kCCEncrypt = 0, kCCDecrypt = 1 };
enum { kCCAlgorithmAES128 = 0, kCCAlgorithmAES = 0 };
enum { kCCOptionPKCS7Padding = 1, kCCOptionECBMode = 2 };
enum { kCCSuccess = 0, kCCParamError = -4300, kCCBufferTooSmall = -4301, kCCMemoryFailure = -4302,
       kCCAlignmentError = -4303, kCCDecodeError = -4304, kCCUnimplemented = -4305 };
enum { kCCKeySizeAES128 = 16, kCCKeySizeAES192 = 24, kCCKeySizeAES256 = 32, kCCBlockSizeAES128 = 16 };
enum { kCCHmacAlgSHA1 = 0, kCCHmacAlgMD5 = 1, kCCHmacAlgSHA256 = 2, kCCHmacAlgSHA384 = 3,
       kCCHmacAlgSHA512 = 4, kCCHmacAlgSHA224 = 5 };
enum { kCCPBKDF2 = 2 };
enum { kCCPRFHmacAlgSHA1 = 1, kCCPRFHmacAlgSHA224 = 2, kCCPRFHmacAlgSHA256 = 3,
       kCCPRFHmacAlgSHA384 = 4, kCCPRFHmacAlgSHA512 = 5 };
#define CC_MD5_DIGEST_LENGTH 16
#define CC_SHA1_DIGEST_LENGTH 20
#define CC_SHA224_DIGEST_LENGTH 28
#define CC_SHA256_DIGEST_LENGTH 32
#define CC_SHA384_DIGEST_LENGTH 48
#define CC_SHA512_DIGEST_LENGTH 64

CCCryptorStatus CCCryptorCreate(CCOperation op, CCAlgorithm alg, CCOptions options, const void *key,
    size_t keyLength, const void *iv, CCCryptorRef *cryptorRef);
CCCryptorStatus CCCryptorUpdate(CCCryptorRef cryptorRef, const void *dataIn, size_t dataInLength,
    void *dataOut, size_t dataOutAvailable, size_t *dataOutMoved);
CCCryptorStatus CCCryptorFinal(CCCryptorRef cryptorRef, void *dataOut, size_t dataOutAvailable, size_t *dataOutMoved);
size_t CCCryptorGetOutputLength(CCCryptorRef cryptorRef, size_t inputLength, bool final);
CCCryptorStatus CCCryptorRelease(CCCryptorRef cryptorRef);
void CCHmacInit(CCHmacContext *ctx, CCHmacAlgorithm algorithm, const void *key, size_t keyLength);
void CCHmacUpdate(CCHmacContext *ctx, const void *data, size_t dataLength);
void CCHmacFinal(CCHmacContext *ctx, void *macOut);
void CCHmac(CCHmacAlgorithm algorithm, const void *key, size_t keyLength, const void *data,
    size_t dataLength, void *macOut);
int CCKeyDerivationPBKDF(CCPBKDFAlgorithm algorithm, const char *password, size_t passwordLen,
    const uint8_t *salt, size_t saltLen, CCPseudoRandomAlgorithm prf, uint rounds,
    uint8_t *derivedKey, size_t derivedKeyLen);
unsigned char *CC_MD5(const void *data, CC_LONG length, unsigned char *md);
