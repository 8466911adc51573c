// <CommonCrypto/CommonDigest.h>: CommonCryptoSubset.h.
#import "../CommonCryptoSubset.h"
