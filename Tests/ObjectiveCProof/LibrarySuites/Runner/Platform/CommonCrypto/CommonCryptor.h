// <CommonCrypto/CommonCryptor.h>: CommonCryptoSubset.h.
#import "../CommonCryptoSubset.h"
