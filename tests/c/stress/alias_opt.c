/* Patterns an optimiser must respect: aliasing pointers, char-type punning, loop-carried stores. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static int store_both(int *a, int *b) { *a = 1; *b = 2; return *a; }
static long sum_and_clear(long *arr, int n, long *total) {
    for (int i = 0; i < n; i++) { *total += arr[i]; arr[i] = 0; }
    return *total;
}
static void shift_left(int *a, int n) { for (int i = 0; i + 1 < n; i++) a[i] = a[i + 1]; }
static void shift_right(int *a, int n) { for (int i = n - 1; i > 0; i--) a[i] = a[i - 1]; }
static void prefix_sum(int *dst, const int *src, int n) {
    dst[0] = src[0];
    for (int i = 1; i < n; i++) dst[i] = dst[i - 1] + src[i];
}
static uint32_t read_le32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static void bump_through_bytes(int *x) {
    unsigned char *b = (unsigned char *)x;
    b[0]++;
}
static int global_counter;
static void incr_global(void) { global_counter++; }
static int use_global_twice(void) {
    int before = global_counter;
    incr_global();
    return global_counter - before;
}
static int via_ptr(int *p) { int t = *p; *p = t + 1; return t; }

struct Pair { int a, b; };
static void swap_fields(struct Pair *p, struct Pair *q) {
    int t = p->a;
    p->a = q->b;
    q->b = t;
}

int main(void) {
    int x = 0, y = 0;
    printf("store_both distinct=%d same=%d\n", store_both(&x, &y), store_both(&x, &x));
    long arr[5] = { 1, 2, 3, 4, 5 };
    long tot = 100;
    printf("sum_and_clear=%ld arr[0]=%ld\n", sum_and_clear(arr, 5, &tot), arr[0]);
    long arr2[5] = { 1, 2, 3, 4, 5 };
    printf("aliased total=%ld\n", sum_and_clear(arr2, 5, &arr2[2]));
    int a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    shift_left(a, 8);
    for (int i = 0; i < 8; i++) printf("%d ", a[i]);
    putchar('\n');
    shift_right(a, 8);
    for (int i = 0; i < 8; i++) printf("%d ", a[i]);
    putchar('\n');
    int ps[8];
    prefix_sum(ps, a, 8);
    prefix_sum(a, a, 8);
    for (int i = 0; i < 8; i++) printf("%d/%d ", ps[i], a[i]);
    putchar('\n');
    unsigned char bytes[8] = { 0x78, 0x56, 0x34, 0x12, 0xff, 0xee, 0xdd, 0xcc };
    printf("le32: %08x %08x\n", read_le32(bytes), read_le32(bytes + 4));
    uint32_t w;
    memcpy(&w, bytes, 4);
    printf("memcpy le32: %08x\n", w);
    int v = 0x12345600 | 0xff;
    bump_through_bytes(&v);
    printf("bumped: %08x\n", (unsigned)v);
    printf("global delta=%d counter=%d\n", use_global_twice(), global_counter);
    int z = 10;
    int r1 = via_ptr(&z);
    int r2 = via_ptr(&z);
    printf("via_ptr %d %d z=%d\n", r1, r2, z);
    struct Pair p = { 1, 2 }, q = { 3, 4 };
    swap_fields(&p, &q);
    printf("swap distinct: p=%d,%d q=%d,%d\n", p.a, p.b, q.a, q.b);
    swap_fields(&p, &p);
    printf("swap self: p=%d,%d\n", p.a, p.b);
    int grid[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) grid[i][j] = i * 4 + j;
    int *flat = &grid[0][0];
    for (int i = 1; i < 16; i++) flat[i] += flat[i - 1];
    printf("grid[3][3]=%d grid[2][1]=%d\n", grid[3][3], grid[2][1]);
    double d = 1.0;
    unsigned char *db = (unsigned char *)&d;
    db[7] ^= 0x80;
    printf("sign flipped via bytes: %g\n", d);
    union { float f; uint32_t u; } pun;
    pun.f = -2.5f;
    printf("float bits %08x\n", pun.u);
    pun.u += 1;
    printf("next float %.9g\n", pun.f);
    int loopvar = 0;
    int *lp = &loopvar;
    for (int i = 0; i < 10; i++) { *lp += i; if (loopvar > 20) break; }
    printf("loopvar=%d\n", loopvar);
    volatile int vol = 5;
    int s = 0;
    for (int i = 0; i < vol; i++) s += vol;
    printf("vol sum=%d\n", s);
    return 0;
}
