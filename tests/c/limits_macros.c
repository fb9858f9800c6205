#include <stdio.h>
#include <limits.h>
#include <float.h>

int main(void) {
    printf("CHAR_BIT=%d\n", CHAR_BIT);
    printf("SCHAR %d %d UCHAR %d\n", SCHAR_MIN, SCHAR_MAX, UCHAR_MAX);
    printf("SHRT %d %d USHRT %d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("INT %d %d UINT %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("LONG %ld %ld ULONG %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("LLONG %lld %lld ULLONG %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    printf("%d\n", INT_MAX + INT_MIN);
    printf("%u\n", UINT_MAX + 1u);
    printf("%d\n", SCHAR_MAX + 1);
    printf("%d\n", UCHAR_MAX + 1);
    printf("%ld\n", (long)INT_MAX + 1);
    printf("%d\n", INT_MIN < 0 && INT_MAX > 0);
    printf("FLT_DIG=%d DBL_DIG=%d\n", FLT_DIG, DBL_DIG);
    printf("FLT_MANT_DIG=%d DBL_MANT_DIG=%d\n", FLT_MANT_DIG, DBL_MANT_DIG);
    printf("%g %g\n", FLT_MAX, FLT_MIN);
    printf("%g %g\n", DBL_MAX, DBL_MIN);
    printf("%g %g\n", FLT_EPSILON, DBL_EPSILON);
    printf("%d\n", 1.0 + DBL_EPSILON > 1.0);
    printf("%d\n", 1.0 + DBL_EPSILON / 2 > 1.0);
    printf("%d\n", 1.0f + FLT_EPSILON > 1.0f);
    printf("%d %d\n", DBL_MAX_EXP, DBL_MIN_EXP);
    printf("%d %d\n", FLT_MAX_EXP, FLT_MIN_10_EXP);
    float f = FLT_MAX;
    double d = f;
    printf("%.10g\n", d);
    int values[] = {INT_MIN, -1, 0, 1, INT_MAX};
    for (int i = 0; i < 5; i++) printf("%d ", values[i] / 2);
    printf("\n");
    long lmin = LONG_MIN;
    printf("%ld\n", lmin / 2);
    printf("%lu\n", ULONG_MAX / 3);
    return 0;
}
