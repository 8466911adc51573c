// Just enough of CoreData for compile-real-code: the classes and methods the fetched files name,
// with Apple's hierarchy and signatures. GNUstep has no CoreData. Nothing is ever run.
#import <Foundation/Foundation.h>

@interface NSPropertyDescription : NSObject
@end

@interface NSAttributeDescription : NSPropertyDescription
@end

@interface NSRelationshipDescription : NSPropertyDescription
@end

@class NSManagedObjectContext;

@interface NSEntityDescription : NSObject
+ (NSEntityDescription *)entityForName:(NSString *)entityName inManagedObjectContext:(NSManagedObjectContext *)context;
@end

@interface NSPersistentStoreRequest : NSObject
@end

@interface NSFetchRequest : NSPersistentStoreRequest
+ (instancetype)fetchRequestWithEntityName:(NSString *)entityName;
@property (nonatomic, strong) NSPredicate *predicate;
@property (nonatomic, strong) NSArray *sortDescriptors;
@end

@interface NSManagedObjectContext : NSObject
- (NSArray *)executeFetchRequest:(NSFetchRequest *)request error:(NSError **)error;
- (BOOL)save:(NSError **)error;
@end

@interface NSManagedObject : NSObject
- (id)initWithEntity:(NSEntityDescription *)entity insertIntoManagedObjectContext:(NSManagedObjectContext *)context;
@end

typedef NS_ENUM(NSUInteger, NSFetchedResultsChangeType) {
    NSFetchedResultsChangeInsert = 1,
    NSFetchedResultsChangeDelete = 2,
    NSFetchedResultsChangeMove = 3,
    NSFetchedResultsChangeUpdate = 4,
};

@protocol NSFetchedResultsControllerDelegate <NSObject>
@end

@interface NSFetchedResultsController : NSObject
- (instancetype)initWithFetchRequest:(NSFetchRequest *)fetchRequest managedObjectContext:(NSManagedObjectContext *)context
                  sectionNameKeyPath:(NSString *)sectionNameKeyPath cacheName:(NSString *)name;
@property (nonatomic, assign) id<NSFetchedResultsControllerDelegate> delegate;
- (BOOL)performFetch:(NSError **)error;
@property (nonatomic, readonly) NSArray *fetchedObjects;
- (id)objectAtIndexPath:(NSIndexPath *)indexPath;
@end
