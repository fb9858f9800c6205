#include <stdio.h>
#include <stdint.h>

union FI { float f; uint32_t u; };
union DL { double d; uint64_t u; };

static uint32_t float_bits(float f) { union FI x; x.f = f; return x.u; }
static float bits_float(uint32_t u) { union FI x; x.u = u; return x.f; }
static uint64_t double_bits(double d) { union DL x; x.d = d; return x.u; }

int main(void) {
    float fs[] = {0.0f, -0.0f, 1.0f, -2.0f, 0.1f, 3.5f, 1e-40f};
    for (int i = 0; i < 7; i++) printf("%08x ", float_bits(fs[i]));
    printf("\n");
    printf("%g %g %g\n", bits_float(0x3f800000u), bits_float(0x40490fdbu), bits_float(0xc0000000u));
    double ds[] = {1.0, -1.0, 0.5, 1e100, 2.0 / 3.0};
    for (int i = 0; i < 5; i++) printf("%016llx ", (unsigned long long)double_bits(ds[i]));
    printf("\n");
    uint32_t b = float_bits(6.5f);
    printf("sign=%u exp=%u mant=%06x\n", b >> 31, (b >> 23) & 0xff, b & 0x7fffff);
    union DL x;
    x.d = 1.0;
    x.u += 1;
    printf("%.17g\n", x.d - 1.0);
    /* fast inverse square root bit hack */
    float num = 4.0f;
    union FI y;
    y.f = num;
    y.u = 0x5f3759dfu - (y.u >> 1);
    float r = y.f;
    r = r * (1.5f - 0.5f * num * r * r);
    printf("%.4f\n", r);
    union FI neg;
    neg.f = 2.5f;
    neg.u ^= 0x80000000u;
    printf("%g\n", neg.f);
    union DL ab;
    ab.d = -123.75;
    ab.u &= ~(1ULL << 63);
    printf("%g\n", ab.d);
    return 0;
}
