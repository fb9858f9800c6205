/* C99's <math.h> comparison and classification macros, which glibc
 * defines with GCC builtins: isgreater and its kin (__builtin_isgreater…,
 * false with a NaN), fpclassify and isnormal (__builtin_fpclassify,
 * __builtin_isnormal), on float, double and long double, including
 * subnormals, zeros of both signs, infinities and NaNs. Also
 * __builtin_object_size (unknown: -1 or 0) and __builtin_assume_aligned. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *class_name(int c) {
    switch (c) {
    case FP_NAN: return "nan";
    case FP_INFINITE: return "inf";
    case FP_NORMAL: return "normal";
    case FP_SUBNORMAL: return "subnormal";
    case FP_ZERO: return "zero";
    }
    return "?";
}

int main(void) {
    double d[] = {0.0, -0.0, 1.0, -2.5, DBL_MIN, DBL_MIN / 4, -DBL_MIN / 2, DBL_MAX, HUGE_VAL, -HUGE_VAL, NAN};
    float f[] = {0.0f, FLT_MIN, FLT_MIN / 8, -FLT_MAX, INFINITY, NAN, 3.0f};
    long double l[] = {0.0L, LDBL_MIN, LDBL_MIN / 16, -LDBL_MAX, -1.5L, (long double)INFINITY, (long double)NAN};
    int n = sizeof d / sizeof d[0];
    for (int i = 0; i < n; i++) {
        printf("d%d %s %d |", i, class_name(fpclassify(d[i])), isnormal(d[i]) != 0);
        for (int j = 0; j < n; j += 3)
            printf(" %d%d%d%d%d%d", isgreater(d[i], d[j]) != 0, isgreaterequal(d[i], d[j]) != 0, isless(d[i], d[j]) != 0,
                   islessequal(d[i], d[j]) != 0, islessgreater(d[i], d[j]) != 0, isunordered(d[i], d[j]) != 0);
        printf("\n");
    }
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++)
        printf("f%u %s %d %d\n", i, class_name(fpclassify(f[i])), isnormal(f[i]) != 0, isless(f[i], 1.0) != 0);
    for (unsigned i = 0; i < sizeof l / sizeof l[0]; i++)
        printf("l%u %s %d %d\n", i, class_name(fpclassify(l[i])), isnormal(l[i]) != 0, isunordered(l[i], 0.0L) != 0);
    printf("%d %d\n", isgreater(3, 2.5), islessgreater(1.0f, 1.0));
    char buf[8];
    int counter = 0;
    printf("%d %d\n", __builtin_object_size(buf, 0) >= sizeof buf, __builtin_object_size(buf, 2) <= sizeof buf);
    char *p = __builtin_assume_aligned(buf, 8, 0);
    strcpy(p, "ok");
    printf("%s %d\n", buf, counter);
    return 0;
}
