// <MacTypes.h>: the Carbon-era integer names, as far as the libraries under test use them.
#include <stdint.h>
typedef uint8_t UInt8;
typedef uint16_t UInt16;
typedef uint32_t UInt32;
typedef int32_t SInt32;
typedef uint64_t UInt64;
typedef int64_t SInt64;
