/* Loop forms that stress optimisers: narrow counters wrapping, down-counting size_t, strided access, early exits. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static int g_calls;
static int limit_fn(void) { g_calls++; return 10; }
static int g_scale = 3;
static void bump_scale(void) { g_scale++; }

static unsigned char_wrap_loop(void) {
    unsigned n = 0;
    for (unsigned char i = 250; i != 4; i++) n += i;
    return n;
}

static int short_wrap_loop(void) {
    int n = 0;
    for (unsigned short s = 65530; s != 3; s++) n++;
    return n;
}

static long strided(const int *a, int n, int stride) {
    long s = 0;
    for (int i = 0; i * stride < n; i++) s += a[i * stride] * (long)(i + 1);
    return s;
}

static size_t count_down(const char *s, size_t n, char c) {
    size_t hits = 0;
    for (size_t i = n; i-- > 0;)
        if (s[i] == c) hits++;
    return hits;
}

static int find_first(const int *a, int n, int target) {
    int i;
    for (i = 0; i < n; i++)
        if (a[i] == target) break;
    return i == n ? -1 : i;
}

static int nested_break(int lim) {
    int found = -1;
    for (int i = 0; i < lim && found < 0; i++)
        for (int j = 0; j < lim; j++) {
            if (i * j == 42) { found = i * 100 + j; break; }
            if (j > i) break;
        }
    return found;
}

static long invariant_with_calls(int n) {
    long s = 0;
    for (int i = 0; i < n; i++) {
        s += g_scale * i;
        if (i % 4 == 3) bump_scale();
    }
    return s;
}

static uint64_t mixed_width(const uint32_t *v, int n) {
    uint64_t acc = 0;
    for (int i = 0; i < n; i++) {
        uint32_t x = v[i] * 2654435761u;   /* wraps in 32 bits */
        acc += x;
        acc ^= (uint64_t)x << 32;
    }
    return acc;
}

static int while_continue(int n) {
    int i = 0, s = 0;
    while (i < n) {
        i++;
        if (i % 3 == 0) continue;
        if (i > 50) break;
        s += i;
    }
    return s;
}

static int do_while_cond_side_effect(void) {
    int k = 0, n = 0;
    do { n += k; } while (++k < 10 && n < 30);
    return n * 100 + k;
}

static int64_t signed_reverse(int n) {
    int64_t s = 0;
    for (int i = n; i >= -n; i -= 3) s = s * 7 + i;
    return s;
}

int main(void) {
    printf("char_wrap=%u short_wrap=%d\n", char_wrap_loop(), short_wrap_loop());
    int arr[100];
    for (int i = 0; i < 100; i++) arr[i] = (i * 37) % 101 - 50;
    for (int st = 1; st <= 7; st += 2) printf("strided(%d)=%ld ", st, strided(arr, 100, st));
    putchar('\n');
    const char txt[] = "abracadabra alakazam";
    printf("count_down a=%zu z=%zu none=%zu empty=%zu\n", count_down(txt, sizeof txt - 1, 'a'), count_down(txt, sizeof txt - 1, 'z'),
           count_down(txt, sizeof txt - 1, 'q'), count_down(txt, 0, 'a'));
    printf("find_first: %d %d %d\n", find_first(arr, 100, arr[57]), find_first(arr, 100, 1000), find_first(arr, 0, 1));
    printf("nested_break(10)=%d nested_break(5)=%d\n", nested_break(10), nested_break(5));
    for (int i = 0; i < limit_fn(); i++) {}
    printf("limit_fn called %d times\n", g_calls);
    printf("invariant_with_calls=%ld final scale=%d\n", invariant_with_calls(20), g_scale);
    uint32_t v[16];
    for (int i = 0; i < 16; i++) v[i] = 0xFFFFFFF0u + (uint32_t)i * 0x1000001u;
    printf("mixed_width=%016llx\n", (unsigned long long)mixed_width(v, 16));
    printf("while_continue=%d do_while=%d\n", while_continue(100), do_while_cond_side_effect());
    printf("signed_reverse=%lld\n", (long long)signed_reverse(10));
    int m[5][5];
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) m[i][j] = i == j ? 1 : (i < j ? j - i : -(i - j) * 2);
    int tr = 0, upper = 0, lower = 0;
    for (int i = 0; i < 5; i++) {
        tr += m[i][i];
        for (int j = i + 1; j < 5; j++) { upper += m[i][j]; lower += m[j][i]; }
    }
    printf("trace=%d upper=%d lower=%d\n", tr, upper, lower);
    unsigned x = 1;
    int steps = 0;
    while (x) { x <<= 3; steps++; }
    printf("shift-to-zero steps=%d\n", steps);
    unsigned collatz_max = 0, best = 0;
    for (unsigned start = 1; start < 3000; start++) {
        unsigned long long c = start;
        unsigned len = 0;
        while (c != 1) { c = (c & 1) ? 3 * c + 1 : c >> 1; len++; }
        if (len > collatz_max) { collatz_max = len; best = start; }
    }
    printf("collatz best=%u len=%u\n", best, collatz_max);
    char buf[64];
    memset(buf, 'x', sizeof buf);
    int pos = 0;
    for (int i = 0; i < 10; i++) pos += snprintf(buf + pos, sizeof buf - (size_t)pos, "%d,", i * i);
    printf("buf=%s pos=%d\n", buf, pos);
    return 0;
}
