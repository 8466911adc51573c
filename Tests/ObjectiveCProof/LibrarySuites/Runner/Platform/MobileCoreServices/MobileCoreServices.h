// iOS's name for the Uniform Type Identifiers of <CoreServices/CoreServices.h>.
#import "../CoreServices/CoreServices.h"
