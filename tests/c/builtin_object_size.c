/* __builtin_object_size of pointers into named objects, which GCC folds
   even at -O0: an array's name, a variable's address, an element at a
   constant index and an array's name plus a constant, and past the end.
   (What a pointer variable points to GCC knows only when it optimizes;
   nissecc answers (size_t)-1, the maximum, as GCC -O0 does.) */
#include <stdio.h>

static char global[10];
long table[4];

int main()
{
    char buf[8];
    int x = 0;
    char *p = buf;
    printf("%zu %zu %zu %zu\n", __builtin_object_size(buf, 0), __builtin_object_size(buf, 1),
           __builtin_object_size(buf, 2), __builtin_object_size(buf, 3));
    printf("%zu %zu %zu %zu\n", __builtin_object_size(&x, 0), __builtin_object_size(global, 2),
           __builtin_object_size(&buf[2], 0), __builtin_object_size(buf + 3, 0));
    printf("%zu %zu %zu %zu\n", __builtin_object_size(&table[1], 0), __builtin_object_size(&table[9], 0),
           __builtin_object_size(table + 4, 2), __builtin_object_size(&table, 3));
    printf("%d %d\n", __builtin_object_size(p, 0) >= 8, x);
    return 0;
}
