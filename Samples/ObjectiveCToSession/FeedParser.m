//
//  FeedParser.m
//  Newsstand
//

#import "FeedParser.h"

@implementation FeedParser

+ (NSArray *)itemsFromData:(NSData *)data
{
    NSString *text = [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding];
    NSMutableArray *items = [NSMutableArray array];
    for (NSString *line in [text componentsSeparatedByString:@"\n"]) {
        if (line.length > 0) [items addObject:line];
    }
    return items;
}

@end
