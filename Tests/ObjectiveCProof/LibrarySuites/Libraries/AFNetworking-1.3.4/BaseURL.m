// The suite's base URL, which its AFNetworkingTests.m defines beside a logger pod's start; the
// harness points the host at the loopback server as in the test files.
#import <Foundation/Foundation.h>

NSString * const AFNetworkingTestsBaseURLString = @"http://httpbin.org/";
