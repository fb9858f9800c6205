/* __builtin_types_compatible_p with enumerated types (GCC's torture test builtin-types-compatible-p): an enumeration is compatible with its integer type, its constants are int, and two different enumerations, named through typedefs and typeof, are not compatible. */
#include <stdio.h>
typedef enum { hot, dog, poo, bear } dingos;
typedef enum { janette, laura, amanda } cranberry;
typedef float same1;
typedef float same2;
int i; double d;
int main(void) {
  printf("%d %d %d %d %d\n", __builtin_types_compatible_p (int, const int), __builtin_types_compatible_p (typeof (hot), int), __builtin_types_compatible_p (typeof (hot), typeof (laura)), __builtin_types_compatible_p (int[5], int[]), __builtin_types_compatible_p (same1, same2));
  printf("%d %d %d %d %d %d %d\n", __builtin_types_compatible_p (char *, int), __builtin_types_compatible_p (char *, const char *), __builtin_types_compatible_p (long double, double), __builtin_types_compatible_p (typeof (i), typeof (d)), __builtin_types_compatible_p (typeof (dingos), typeof (cranberry)), __builtin_types_compatible_p (char, int), __builtin_types_compatible_p (char *, char **));
  return 0;
}
