/* Compound assignment to narrow and bit-width members, promotions of unsigned char and short, byte assembling, and a table of structs of enums. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>

typedef enum { RED, GREEN = 5, BLUE } color;
static const struct { color c; const char *name; unsigned short code; } colors[] = { { RED, "red", 0xF800 }, { GREEN, "green", 0x07E0 }, { BLUE, "blue", 0x001F } };
static const char *cname(color c) { switch (c) { case RED: return "R"; case GREEN: return "G"; case BLUE: return "B"; } return "?"; }
struct counter { unsigned char hits; signed char delta; unsigned short wide; };
static int side;
static int bump(void) { return ++side; }
static char *append(char *p, const char *s) { size_t n = strlen(s); memcpy(p, s, n + 1); return p + n; }

int main(void) {
    for (size_t i = 0; i < sizeof colors / sizeof *colors; i++) printf("%d %s %#06x %s\n", colors[i].c, colors[i].name, colors[i].code, cname(colors[i].c));
    struct counter c = { 250, -120, 65530 };
    c.hits += 10; c.delta -= 10; c.wide += 10; printf("%d %d %d\n", c.hits, c.delta, c.wide);
    c.hits *= 3; c.delta = c.delta * 2; c.wide <<= 4; printf("%d %d %d\n", c.hits, c.delta, c.wide);
    unsigned char uc = 0x80; uc >>= 1; uc |= 0x81; uc ^= 0xff; printf("%d\n", uc);
    short s = -1; s >>= 1; unsigned short us = 0x8000; us >>= 15; printf("%d %d\n", s, us);
    int i = 7; i /= 2.5; printf("%d\n", i);
    double d = 10; d /= 4; d -= i; printf("%g\n", d);
    char ch = 'A'; ch += 2.7; printf("%c\n", ch);
    long long ll = 1; ll <<= 40; ll |= 1; ll %= 1000; printf("%lld\n", ll);
    unsigned u = 10; u -= 20; printf("%u\n", u);
    int x = 5; x = -x + 3; printf("%d\n", x);
    printf("%zu %d\n", sizeof(bump()), side);
    int arr[5] = { 0 }; int k = 0; arr[k++] = 9; printf("%d %d\n", arr[0], k);
    char buf[64]; char *p = buf; p = append(p, "one"); p = append(p, ","); p = append(p, "two"); printf("%s %td\n", buf, p - buf);
    const char *m = NULL; printf("%s\n", m ? m : "(null)");
    int *np = 0; printf("%d\n", np == NULL);
    uint8_t bytes[4] = { 0x78, 0x56, 0x34, 0x12 }; uint32_t w; memcpy(&w, bytes, 4); printf("%08x\n", w);
    uint32_t be = (uint32_t)bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]; printf("%08x\n", be);
    int neg = -17; printf("%d %d %u\n", neg >> 2, neg / 4, (unsigned)neg >> 28);
    printf("%d %d\n", -17 % 5, 17 % -5);
    long lv = -5; unsigned long ulv = 3; printf("%d\n", lv < ulv);
    int ii = -5; unsigned ui = 3; printf("%d %d\n", ii < ui, ii < (int)ui);
    unsigned short a16 = 65535, b16 = 1; printf("%d\n", a16 + b16);
    signed char sc = -128; printf("%d %d\n", -sc, (signed char)-sc);
    printf("%d\n", (char)200 < 0);
    int big = 0x7fffffff; long long prod = (long long)big * 2; printf("%lld\n", prod);
    unsigned long long mulhi = 0xffffffffULL * 0xffffffffULL; printf("%llu\n", mulhi);
    printf("%d\n", !!42 + !0 + !5);
    int q[3][3]; for (int r = 0; r < 3; r++) for (int cc = 0; cc < 3; cc++) q[r][cc] = r - cc; printf("%d %d\n", q[0][2], q[2][0]);
    char *dyn = malloc(16); strcpy(dyn, "heap"); dyn = realloc(dyn, 32); strcat(dyn, "-grown"); printf("%s\n", dyn); free(dyn);
    printf("%d\n", (int)(sizeof(struct counter)));
    return 0;
}
