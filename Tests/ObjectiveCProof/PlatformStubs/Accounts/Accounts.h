// Just enough of Accounts for compile-real-code: the declarations the fetched files' headers
// name, as Apple declares them. GNUstep has no Accounts framework.
#import <Foundation/Foundation.h>

typedef NS_ENUM(NSInteger, ACAccountCredentialRenewResult) {
    ACAccountCredentialRenewResultRenewed,
    ACAccountCredentialRenewResultRejected,
    ACAccountCredentialRenewResultFailed,
};
