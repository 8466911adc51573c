// Darwin's IPv6 header, which the libraries include for sockaddr_in6; on Linux <netinet/in.h>
// declares it.
#include <netinet/in.h>
