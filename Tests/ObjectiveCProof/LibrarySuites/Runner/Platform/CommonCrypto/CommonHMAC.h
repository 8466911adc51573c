// <CommonCrypto/CommonHMAC.h>: CommonCryptoSubset.h.
#import "../CommonCryptoSubset.h"
