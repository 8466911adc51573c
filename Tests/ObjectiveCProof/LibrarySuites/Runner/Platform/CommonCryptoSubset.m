// CommonCryptoSubset.h's functions over OpenSSL's libcrypto (EVP): the same algorithms, so the
// same bytes as Apple's CommonCrypto for the same key, IV, salt and input.
#import "CommonCryptoSubset.h"
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/md5.h>
#include <stdlib.h>

struct _CCCryptor { EVP_CIPHER_CTX *context; };

static const EVP_CIPHER *CCAESCipher(size_t keyLength, BOOL ecb) {
    switch (keyLength) {
    case kCCKeySizeAES128: return ecb ? EVP_aes_128_ecb() : EVP_aes_128_cbc();
    case kCCKeySizeAES192: return ecb ? EVP_aes_192_ecb() : EVP_aes_192_cbc();
    case kCCKeySizeAES256: return ecb ? EVP_aes_256_ecb() : EVP_aes_256_cbc();
    default: return NULL;
    }
}

CCCryptorStatus CCCryptorCreate(CCOperation op, CCAlgorithm alg, CCOptions options, const void *key,
    size_t keyLength, const void *iv, CCCryptorRef *cryptorRef) {
    const EVP_CIPHER *cipher = alg == kCCAlgorithmAES ? CCAESCipher(keyLength, (options & kCCOptionECBMode) != 0) : NULL;
    if (cipher == NULL || cryptorRef == NULL) return kCCParamError;
    unsigned char zeros[16] = { 0 };
    CCCryptorRef cryptor = calloc(1, sizeof(*cryptor));
    cryptor->context = EVP_CIPHER_CTX_new();
    if (EVP_CipherInit_ex(cryptor->context, cipher, NULL, key, iv ? iv : zeros, op == kCCEncrypt) != 1) {
        CCCryptorRelease(cryptor);
        return kCCParamError;
    }
    EVP_CIPHER_CTX_set_padding(cryptor->context, (options & kCCOptionPKCS7Padding) != 0);
    *cryptorRef = cryptor;
    return kCCSuccess;
}

size_t CCCryptorGetOutputLength(CCCryptorRef cryptorRef, size_t inputLength, bool final) {
    (void)cryptorRef; (void)final;
    return inputLength + kCCBlockSizeAES128;
}

CCCryptorStatus CCCryptorUpdate(CCCryptorRef cryptorRef, const void *dataIn, size_t dataInLength,
    void *dataOut, size_t dataOutAvailable, size_t *dataOutMoved) {
    if (dataOutAvailable < dataInLength + kCCBlockSizeAES128 - 1) return kCCBufferTooSmall;
    int moved = 0;
    if (EVP_CipherUpdate(cryptorRef->context, dataOut, &moved, dataIn, (int)dataInLength) != 1) return kCCDecodeError;
    if (dataOutMoved) *dataOutMoved = (size_t)moved;
    return kCCSuccess;
}

CCCryptorStatus CCCryptorFinal(CCCryptorRef cryptorRef, void *dataOut, size_t dataOutAvailable, size_t *dataOutMoved) {
    if (dataOutAvailable < kCCBlockSizeAES128) return kCCBufferTooSmall;
    int moved = 0;
    if (EVP_CipherFinal_ex(cryptorRef->context, dataOut, &moved) != 1) return kCCDecodeError;
    if (dataOutMoved) *dataOutMoved = (size_t)moved;
    return kCCSuccess;
}

CCCryptorStatus CCCryptorRelease(CCCryptorRef cryptorRef) {
    if (cryptorRef) { EVP_CIPHER_CTX_free(cryptorRef->context); free(cryptorRef); }
    return kCCSuccess;
}

static const EVP_MD *CCHmacDigest(CCHmacAlgorithm algorithm) {
    switch (algorithm) {
    case kCCHmacAlgSHA1: return EVP_sha1();
    case kCCHmacAlgMD5: return EVP_md5();
    case kCCHmacAlgSHA224: return EVP_sha224();
    case kCCHmacAlgSHA256: return EVP_sha256();
    case kCCHmacAlgSHA384: return EVP_sha384();
    case kCCHmacAlgSHA512: return EVP_sha512();
    default: return NULL;
    }
}

void CCHmacInit(CCHmacContext *ctx, CCHmacAlgorithm algorithm, const void *key, size_t keyLength) {
    HMAC_CTX *context = HMAC_CTX_new();
    HMAC_Init_ex(context, key, (int)keyLength, CCHmacDigest(algorithm), NULL);
    ctx->state = context;
}

void CCHmacUpdate(CCHmacContext *ctx, const void *data, size_t dataLength) {
    HMAC_Update(ctx->state, data, dataLength);
}

void CCHmacFinal(CCHmacContext *ctx, void *macOut) {
    unsigned int length = 0;
    HMAC_Final(ctx->state, macOut, &length);
    HMAC_CTX_free(ctx->state);
    ctx->state = NULL;
}

void CCHmac(CCHmacAlgorithm algorithm, const void *key, size_t keyLength, const void *data,
    size_t dataLength, void *macOut) {
    unsigned int length = 0;
    HMAC(CCHmacDigest(algorithm), key, (int)keyLength, data, dataLength, macOut, &length);
}

int CCKeyDerivationPBKDF(CCPBKDFAlgorithm algorithm, const char *password, size_t passwordLen,
    const uint8_t *salt, size_t saltLen, CCPseudoRandomAlgorithm prf, uint rounds,
    uint8_t *derivedKey, size_t derivedKeyLen) {
    static const CCHmacAlgorithm hmacs[] = { [kCCPRFHmacAlgSHA1] = kCCHmacAlgSHA1, [kCCPRFHmacAlgSHA224] = kCCHmacAlgSHA224,
        [kCCPRFHmacAlgSHA256] = kCCHmacAlgSHA256, [kCCPRFHmacAlgSHA384] = kCCHmacAlgSHA384, [kCCPRFHmacAlgSHA512] = kCCHmacAlgSHA512 };
    if (algorithm != kCCPBKDF2 || prf < kCCPRFHmacAlgSHA1 || prf > kCCPRFHmacAlgSHA512) return kCCParamError;
    return PKCS5_PBKDF2_HMAC(password, (int)passwordLen, salt, (int)saltLen, (int)rounds, CCHmacDigest(hmacs[prf]),
        (int)derivedKeyLen, derivedKey) == 1 ? kCCSuccess : kCCParamError;
}

unsigned char *CC_MD5(const void *data, CC_LONG length, unsigned char *md) {
    unsigned int size = 0;
    EVP_Digest(data, length, md, &size, EVP_md5(), NULL);
    return md;
}
