//
//  FeedParser.h
//  Newsstand — the parser FeedLoader.m imports, which Samples/Legacy does not have: here one
//  item per non-empty line of a UTF-8 body, enough for the loopback server's text responses.
//

#import <Foundation/Foundation.h>

@interface FeedParser : NSObject

/// The body's non-empty lines; no items for a body that is not UTF-8.
+ (NSArray *)itemsFromData:(NSData *)data;

@end
