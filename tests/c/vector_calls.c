/* GCC's generic vectors through functions: parameters and results of
   every size, structs holding vectors, function pointers, recursion,
   variadic 8-byte and 4-byte vectors, and vectors in conditional,
   comma and statement expressions. */
#include <stdarg.h>
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
typedef signed char v4qi __attribute__((vector_size(4)));
typedef long long v4di __attribute__((vector_size(32)));
typedef double v8df __attribute__((vector_size(64)));

struct particle {
    v4sf position;
    v4sf velocity;
    int id;
};

static v4si add(v4si a, v4si b) { return a + b; }
static v4si sub(v4si a, v4si b) { return a - b; }

static v4si fold(v4si (*op)(v4si, v4si), const v4si *items, int n)
{
    v4si acc = items[0];
    for (int i = 1; i < n; i++)
        acc = op(acc, items[i]);
    return acc;
}

static v4si power(v4si base, int n)
{
    return n == 0 ? (v4si){ 1, 1, 1, 1 } : base * power(base, n - 1);
}

static struct particle step(struct particle p, float dt)
{
    p.position += p.velocity * dt;
    p.velocity *= 0.5f;
    p.id++;
    return p;
}

static v4di widen(v2si a, v4qi b, long long k)
{
    return (v4di){ a[0], a[1], b[0], b[3] } * k;
}

static v8df scale(v8df v, double s, int times)
{
    while (times-- > 0)
        v = v * s;
    return v;
}

static long sum_pairs(int n, ...)
{
    va_list ap;
    long total = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        v2si pair = va_arg(ap, v2si);
        v4qi quad = va_arg(ap, v4qi);
        total += pair[0] * 10 + pair[1] + quad[0] + quad[3];
    }
    va_end(ap);
    return total;
}

int main(void)
{
    v4si items[4] = { { 1, 2, 3, 4 }, { 10, 20, 30, 40 }, { 100, 200, 300, 400 }, { -1, -1, -1, -1 } };
    v4si total = fold(add, items, 4);
    v4si diff = fold(sub, items, 4);
    printf("fold %d %d %d %d | %d %d %d %d\n", total[0], total[1], total[2], total[3], diff[0], diff[1], diff[2], diff[3]);
    v4si p = power((v4si){ 2, 3, -2, 10 }, 5);
    printf("power %d %d %d %d\n", p[0], p[1], p[2], p[3]);

    struct particle particle = { { 0, 0, 0, 1 }, { 1, 2, -4, 0 }, 7 };
    for (int i = 0; i < 3; i++)
        particle = step(particle, 0.5f);
    printf("particle %g %g %g %g %d\n", particle.position[0], particle.position[1], particle.position[2],
           particle.velocity[1], particle.id);

    v4di wide = widen((v2si){ 3, -4 }, (v4qi){ 5, 6, 7, -8 }, 1000000000000LL);
    printf("widen %lld %lld %lld %lld\n", wide[0], wide[1], wide[2], wide[3]);
    v8df big = scale((v8df){ 1, 2, 3, 4, 5, 6, 7, 8 }, 1.5, 3);
    printf("scale %g %g\n", big[0], big[7]);

    printf("variadic %ld\n", sum_pairs(2, (v2si){ 1, 2 }, (v4qi){ 3, 0, 0, 4 }, (v2si){ 5, 6 }, (v4qi){ -7, 0, 0, 8 }));

    int flag = total[0] > 100;
    v4si chosen = flag ? total : diff;
    v4si comma = (flag++, items[1]);
    v4si from_statement = ({ v4si t = items[2]; t / 100; });
    printf("choose %d %d %d %d\n", chosen[0], comma[1], from_statement[2], flag);
    return 0;
}
