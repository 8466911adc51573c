import SeededRandomness

/// Synthetic Objective-C: an interface and an implementation whose methods mix message
/// sends, `@"…"` strings, C comments, `#pragma` and `#if 0` regions, with legacy calls at a low rate.
enum SyntheticObjectiveCSource {
    private static let legacyStatements = [
        "self.connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];",
        "NSData *data = [NSURLConnection sendSynchronousRequest:request returningResponse:&response error:&error];",
        "[NSURLConnection sendAsynchronousRequest:request queue:[NSOperationQueue mainQueue] completionHandler:^(NSURLResponse *r, NSData *d, NSError *e) { [self finish:d]; }];",
        "UIWebView *webView = [[UIWebView alloc] initWithFrame:CGRectZero];",
        "AFHTTPRequestOperation *operation = [[AFHTTPRequestOperation alloc] initWithRequest:request];",
    ]
    private static let legacyMethods = [
        "- (void)connectionDidFinishLoading:(NSURLConnection *)connection {\n    [self.delegate didFinish:self.buffer];\n}",
        "- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {\n    [self.buffer appendData:data];\n}",
    ]

    /// Appends a header (`isHeader`) or an implementation file of about `lineCount` lines.
    static func write(
        lineCount: Int, fileNumber: Int, isHeader: Bool, into text: inout String, using random: inout SeededRandom
    ) {
        let typeName = SyntheticVocabulary.typeName(number: fileNumber, using: &random)
        text += "//\n//  \(typeName).\(isHeader ? "h" : "m")\n//  \(SyntheticVocabulary.phrase(using: &random))\n//\n\n"
        text += "#import <Foundation/Foundation.h>\n"
        text += isHeader ? "\n" : "#import \"\(typeName).h\"\n\n"
        text += "@interface \(typeName) : NSObject\(random.chance(0.03) ? " <NSURLConnectionDataDelegate>" : "")\n"
        text += "@property (nonatomic, strong) NSMutableData *buffer;\n@property (nonatomic, copy) NSString *title;\n"
        var lines = 11
        if isHeader {
            while lines < lineCount {
                text += "/** \(SyntheticVocabulary.phrase(using: &random)) */\n"
                text += "- (NSString *)\(SyntheticVocabulary.memberName(using: &random)):(NSInteger)value;\n"
                lines += 2
            }
            text += "@end\n"
            return
        }
        text += "@end\n\n@implementation \(typeName)\n\n"
        lines += 3
        while lines < lineCount {
            lines += writeMethod(into: &text, using: &random)
        }
        text += "@end\n"
    }

    /// Appends one method; returns the lines written.
    private static func writeMethod(into text: inout String, using random: inout SeededRandom) -> Int {
        if random.chance(0.015) {
            text += random.pick(legacyMethods) + "\n\n"
            return 4
        }
        let name = SyntheticVocabulary.memberName(using: &random)
        let noun = random.pick(SyntheticVocabulary.nouns)
        let phrase = SyntheticVocabulary.phrase(using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            text += """
                #pragma mark - \(SyntheticVocabulary.capitalized(noun))

                // \(phrase)
                - (NSString *)\(name):(NSInteger)value {
                    NSString *label = [NSString stringWithFormat:@"%ld \(noun) — \(phrase)", (long)value];
                    NSLog(@"\(random.pick(SyntheticVocabulary.legacyMentions)) finished: %@", label);
                    return [label uppercaseString];
                }


                """
            return 10
        case 1:
            let statement = random.chance(0.05) ? random.pick(legacyStatements) : "NSLog(@\"%@\", request);"
            text += """
                /*
                 * \(phrase)
                 */
                - (void)\(name)WithRequest:(NSURLRequest *)request {
                    NSURLResponse *response = nil;
                    NSError *error = nil;
                    \(statement)
                    if (error != nil && [self.title length] > \(Int.random(in: 0...99, using: &random))) {
                        self.title = @"\(phrase)";
                    }
                }


                """
            return 13
        case 2:
            let disabled = random.chance(0.1) ? "[[NSURLConnection alloc] initWithRequest:nil delegate:self];" : "[self reset];"
            text += """
                #if 0
                - (void)\(name) {
                    \(disabled)
                }
                #endif

                - (CGFloat)\(name)Ratio {
                    static const char *key = "\(noun)";
                    return (CGFloat)strlen(key) * \(Double.random(in: 0...2, using: &random))f + 0x1F;
                }


                """
            return 12
        default:
            text += """
                - (NSArray *)\(name):(NSArray *)items {
                    NSMutableArray *result = [NSMutableArray arrayWithCapacity:items.count];
                    for (id item in items) {
                        if ([item respondsToSelector:@selector(\(noun))]) { [result addObject:item]; }
                    }
                    dispatch_async(dispatch_get_main_queue(), ^{ [self.buffer setLength:0]; });
                    return [result copy];
                }


                """
            return 10
        }
    }
}
