/* GNU case ranges over signed, unsigned and long controlling values,
 * mixed with plain cases, including ranges that cross zero. */
#include <stdio.h>

static const char *sign_class(int x) {
    switch (x) {
    case -100 ... -1: return "negative";
    case 0: return "zero";
    case 1 ... 9: return "digit";
    case 10 ... 99: return "two digits";
    default: return "big";
    }
}

static int unsigned_class(unsigned x) {
    switch (x) {
    case 0 ... 0x7fffffffu: return 1;
    case 0x80000000u ... 0xfffffffeu: return 2;
    default: return 3;
    }
}

static int long_class(long x) {
    switch (x) {
    case -5 ... 5: return 0;
    case 1L << 40 ... (1L << 41) - 1: return 40;
    case 6: return 6;
    }
    return -1;
}

static int letters(const char *s) {
    int n = 0;
    for (; *s; s++) {
        switch (*s) {
        case 'a' ... 'z':
        case 'A' ... 'Z': n++; break;
        case '0' ... '9': n += 100; break;
        }
    }
    return n;
}

int main() {
    int xs[] = { -101, -100, -1, 0, 1, 9, 10, 99, 100 };
    int i;
    for (i = 0; i < 9; i++)
        printf("%d %s\n", xs[i], sign_class(xs[i]));
    printf("%d %d %d %d\n", unsigned_class(5), unsigned_class(0x80000000u), unsigned_class(0xfffffffeu), unsigned_class(0xffffffffu));
    printf("%d %d %d %d %d\n", long_class(-5), long_class(6), long_class(1L << 40), long_class((1L << 41) - 1), long_class(1L << 41));
    printf("%d\n", letters("Hello, World 42!"));
    return 0;
}
