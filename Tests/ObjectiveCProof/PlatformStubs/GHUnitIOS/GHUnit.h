// GHUnit's iOS framework, GHUnitIOS, has the same GHUnit.h as the Mac one (GHUnit/GHUnit.h).
#import <GHUnit/GHUnit.h>
