/* Joins that repeat the test of the edge entering them, which the midend
 * threads (transform::thread_jumps), and look-alikes it must not thread:
 * a store between the two loads, a join whose value is the next
 * iteration's, and a test whose operands differ. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* KMP: the `while` leaves on pat[k] == txt[i], which the `if` retests. */
static long kmp_count(const char *txt, const char *pat, int *fail) {
    int m = (int)strlen(pat), k = 0, q;
    long count = 0;
    if (m == 0)
        return -1;
    fail[0] = 0;
    for (q = 1; q < m; q++) {
        while (k > 0 && pat[k] != pat[q])
            k = fail[k - 1];
        if (pat[k] == pat[q])
            k++;
        fail[q] = k;
    }
    k = 0;
    for (long i = 0; txt[i]; i++) {
        while (k > 0 && pat[k] != txt[i])
            k = fail[k - 1];
        if (pat[k] == txt[i])
            k++;
        if (k == m) {
            count++;
            k = fail[k - 1];
        }
    }
    return count;
}

/* The do-while's test `v != 0` is the same expression as the `if`'s at
 * the top of the body, but of the previous iteration's `v`. */
static long varint_encode(const uint64_t *vals, int n, unsigned char *buf) {
    long pos = 0;
    for (int i = 0; i < n; i++) {
        uint64_t v = vals[i];
        do {
            unsigned char b = (unsigned char)(v & 0x7fu);
            v >>= 7;
            if (v != 0)
                b |= 0x80u;
            buf[pos++] = b;
        } while (v != 0);
    }
    return pos;
}

/* `a[j] = 5` may overwrite a[i] between the load that the first test
 * reads and the one the second makes. */
static int store_between(int *a, int i, int j) {
    int r = 0;
    int v = a[i];
    a[j] = 5;
    if (v != 3 && j > 0)
        r += 1;
    if (a[i] == 3)
        r += 10;
    return r;
}

/* The second test compares with the other operand order, and with `<=`
 * where the first used `<`: only the first pair is the same test. */
static int swapped_and_different(const int *a, int n, int key) {
    int i = 0, r = 0;
    while (i < n && a[i] < key)
        i++;
    if (i < n && key > a[i])
        r += 1;
    if (i < n && a[i] <= key)
        r += 2;
    return r * 100 + i;
}

/* `a[i] > key` after leaving on `key > a[i]` false is not known: the two
 * tests compare the operands in opposite orders. `a[n]` is a sentinel. */
static int opposite_order(const int *a, int n, int key) {
    int i = 0, r = 0;
    while (i < n && key > a[i])
        i++;
    if (a[i] > key)
        r += 4;
    if (a[i] >= key)
        r += 8;
    return r * 100 + i;
}

int main(void) {
    int fail[64];
    const char *texts[] = { "abababcabababab", "aaaaaaaaaa", "abcabcabcabd", "", "mississippi" };
    const char *pats[] = { "abab", "aa", "abcabd", "a", "issi", "x", "" };
    for (unsigned t = 0; t < sizeof texts / sizeof *texts; t++)
        for (unsigned p = 0; p < sizeof pats / sizeof *pats; p++)
            printf("%ld ", kmp_count(texts[t], pats[p], fail));
    printf("\n");

    uint64_t vals[] = { 0, 1, 127, 128, 300, 16384, 0xffffffffffffffffull };
    unsigned char buf[80];
    long len = varint_encode(vals, 7, buf);
    printf("%ld:", len);
    for (long i = 0; i < len; i++)
        printf(" %02x", buf[i]);
    printf("\n");

    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int a[3] = { 3, 3, 4 };
            printf("%d ", store_between(a, i, j));
        }
    printf("\n");

    int sorted[] = { 1, 3, 5, 7, 9 };
    for (int key = 0; key <= 10; key++)
        printf("%d ", swapped_and_different(sorted, 5, key));
    printf("\n");
    int with_sentinel[] = { 1, 3, 5, 7, 9, 1000 };
    for (int key = 0; key <= 10; key++)
        printf("%d ", opposite_order(with_sentinel, 5, key));
    printf("\n");
    return 0;
}
