/* A prototype followed by an old-style definition of the same function,
   as older code bases write them to keep compiling with K&R compilers.
   GCC lets the prototype decide how the arguments are passed: `float`
   and `short` parameters arrive as they are, not promoted. */
#include <stdio.h>

float scale(float);
short clamp(short, short);
double mix(float, double, char);

float scale(x)
    float x;
{
    return x * 3;
}

short clamp(value, limit)
    short value, limit;
{
    return value > limit ? limit : value;
}

double mix(a, b, tag)
    float a;
    double b;
    char tag;
{
    return a + b + tag;
}

int main(void) {
    float (*through_pointer)(float) = scale;
    printf("%g %g\n", scale(2.5f), through_pointer(0.1f));
    printf("%d %d\n", clamp(7, 5), clamp(-300, 100));
    printf("%.9g\n", mix(0.25f, 1e-3, 'A'));
    return 0;
}
