// <CommonCrypto/CommonKeyDerivation.h>: CommonCryptoSubset.h.
#import "../CommonCryptoSubset.h"
