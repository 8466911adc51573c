// <CommonCrypto/CommonCrypto.h>: CommonCryptoSubset.h.
#import "../CommonCryptoSubset.h"
