// <SystemConfiguration/SCNetworkReachability.h>: SystemConfiguration.h.
#import "SystemConfiguration.h"
