/* Classic C idioms: Duff's device, while((c=*s++)), sizeof non-evaluation, comma operators, old-style decls. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

static void duff_copy(short *to, const short *from, int count) {
    if (count <= 0) return;
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static size_t my_strlen(const char *s) { const char *p = s; while (*p) p++; return (size_t)(p - s); }
static char *my_strcpy(char *d, const char *s) { char *r = d; while ((*d++ = *s++) != 0) ; return r; }
static int my_strcmp(const char *a, const char *b) {
    for (; *a == *b; a++, b++) if (*a == '\0') return 0;
    return *(const unsigned char *)a - *(const unsigned char *)b;
}
static char *my_strcat(char *d, const char *s) { char *r = d; while (*d) d++; while ((*d++ = *s++)) ; return r; }
static void my_itoa(long v, char *out, int base) {
    char tmp[72];
    int i = 0, neg = v < 0;
    unsigned long u = neg ? 0UL - (unsigned long)v : (unsigned long)v;
    do { tmp[i++] = "0123456789abcdefghijklmnopqrstuvwxyz"[u % (unsigned)base]; } while (u /= (unsigned)base);
    if (neg) tmp[i++] = '-';
    while (i) *out++ = tmp[--i];
    *out = 0;
}

int old_style();   /* declaration without prototype */
int old_style(int a, int b) { return a * 10 + b; }

typedef int handler_t(int);
static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }
static handler_t *handlers[] = { twice, negate, twice };

static int count_words(const char *s) {
    int c, n = 0, in = 0;
    while ((c = (unsigned char)*s++) != '\0') {
        if (isspace(c)) in = 0;
        else if (!in) { in = 1; n++; }
    }
    return n;
}

int main(void) {
    short src[37], dst[40];
    for (int i = 0; i < 37; i++) src[i] = (short)(i * i - 100);
    for (int count = 0; count <= 37; count += 5) {
        memset(dst, 0, sizeof dst);
        duff_copy(dst, src, count);
        int sum = 0;
        for (int i = 0; i < 40; i++) sum += dst[i];
        printf("duff %2d: sum=%d last=%d next=%d\n", count, sum, count ? dst[count - 1] : 0, dst[count]);
    }
    char buf[64];
    my_strcpy(buf, "hello");
    my_strcat(buf, ", ");
    my_strcat(buf, "world");
    printf("%s len=%zu cmp=%d,%d,%d\n", buf, my_strlen(buf), my_strcmp("abc", "abd") < 0, my_strcmp("b", "a") > 0, my_strcmp("x", "x"));
    long vals[] = { 0, 255, -255, 123456789, -2147483648L, 9223372036854775807L };
    for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
        char b2[72], b16[32], b36[32];
        my_itoa(vals[i], b2, 2); my_itoa(vals[i], b16, 16); my_itoa(vals[i], b36, 36);
        printf("%ld: %s %s %s\n", vals[i], b16, b36, strlen(b2) > 20 ? "(long binary)" : b2);
    }
    int i = 5;
    size_t sz = sizeof(i++);
    size_t sz2 = sizeof(int[5]) / sizeof(int) == 5 ? 1 : 0;
    printf("sizeof(i++)=%zu i=%d sz2=%zu\n", sz, i, sz2);
    int a, b, c;
    a = (b = 3, c = b * 2, b + c);
    printf("comma: a=%d b=%d c=%d\n", a, b, c);
    for (a = 0, b = 10; a < b; a += 3, b -= 2) printf("(%d,%d)", a, b);
    putchar('\n');
    printf("old_style=%d\n", old_style(4, 2));
    for (int k = 0; k < 3; k++) printf("handler %d: %d\n", k, handlers[k](k + 7));
    printf("words: %d %d %d\n", count_words("  the quick\tbrown\n fox "), count_words(""), count_words("x"));
    const char *hexdig = "0123456789ABCDEF";
    unsigned v = 0xBEEF;
    printf("hex via literal index: %c%c%c%c %c\n", hexdig[v >> 12], hexdig[(v >> 8) & 15], "0123456789ABCDEF"[(v >> 4) & 15],
           (v & 15)["0123456789ABCDEF"], 3["abcdef"]);
    int arr[5] = { 10, 20, 30, 40, 50 };
    int *p = arr + 4;
    printf("p[-1]=%d p[-4]=%d *(p-2)=%d 2[arr]=%d\n", p[-1], p[-4], *(p - 2), 2[arr]);
    register int r = 0;
    auto int q = 3;
    for (register int k = 0; k < 10; k++) r += k * q;
    printf("register sum=%d\n", r);
    char s1[] = "a\0b\0c";
    printf("sizeof s1=%zu strlen=%zu s1[2]=%c\n", sizeof s1, strlen(s1), s1[2]);
    printf("%s\n", i > 3 ? i > 4 ? "big" : "mid" : "small");

    return 0;
}
