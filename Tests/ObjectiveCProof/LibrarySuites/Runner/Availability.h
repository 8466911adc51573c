// Apple's SDK header, which the libraries import for its version macros and then test them with
// `#if defined(__IPHONE_OS_VERSION_MIN_REQUIRED)`: GNUstep has none of them, so nothing is defined
// here and the libraries take their other branches.
