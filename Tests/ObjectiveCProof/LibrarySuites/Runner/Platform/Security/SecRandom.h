// <Security/SecRandom.h> for the libraries that import it themselves: SecuritySubset.h.
#import "../SecuritySubset.h"
