/* printf-heavy report formatting: widths, precision, flags, star arguments, floats. */
#include <stdio.h>
#include <string.h>
#include <limits.h>
#include <stdint.h>
#include <inttypes.h>
#include <float.h>
#include <math.h>

#define PF(fmt, ...) do { printf("%-18s|", fmt); printf(fmt, __VA_ARGS__); printf("|\n"); } while (0)

struct Item { const char *name; int qty; double price; char grade; };

int main(void) {
    PF("%d", 42);
    PF("%5d", -42);
    PF("%-5d", 42);
    PF("%05d", -42);
    PF("%+d", 0);
    PF("% d", 17);
    PF("%x", 0xdeadbeefu);
    PF("%#X", 255u);
    PF("%#o", 8u);
    PF("%o", 0u);
    PF("%u", UINT_MAX);
    PF("%d", INT_MIN);
    PF("%ld", LONG_MAX);
    PF("%lld", LLONG_MIN);
    PF("%llu", ULLONG_MAX);
    PF("%hd", (short)-12345);
    PF("%hhu", (unsigned char)300);
    PF("%hhd", (signed char)-128);
    PF("%zu", sizeof(struct Item));
    PF("%" PRId64, INT64_C(-9000000000));
    PF("%" PRIx32, UINT32_C(0xCAFEBABE));
    PF("%.3d", 7);
    PF("%8.3d", -7);
    PF("%*d", 6, 99);
    PF("%-*d", 6, 99);
    PF("%.*f", 2, 3.14159);
    PF("%f", 1.0 / 3.0);
    PF("%.0f", 2.5);
    PF("%.0f", 3.5);
    PF("%10.4f", -0.000123);
    PF("%e", 12345.6789);
    PF("%.2E", 0.000123456);
    PF("%g", 100000.0);
    PF("%g", 1000000.0);
    PF("%g", 0.0001);
    PF("%g", 0.00001);
    PF("%#g", 1.5);
    PF("%G", 1e-10);
    PF("%a", 1.0);
    PF("%.3a", 3.14159);
    PF("%+.2e", -0.0);
    PF("%f", DBL_MAX / 1e300);
    PF("%g", DBL_MIN);
    PF("%g", DBL_EPSILON);
    PF("%f", HUGE_VAL);
    PF("%F", -HUGE_VAL);
    PF("%5.1f%%", 99.44);
    PF("%c", 'A');
    PF("%3c", 'z');
    PF("%-3c", 'z');
    PF("%s", "hello");
    PF("%10s", "right");
    PF("%-10s", "left");
    PF("%.3s", "truncate");
    PF("%*.*s", 8, 2, "abcdef");
    PF("%s", "");
    PF("[%d,%d,%d]", 1, 2, 3);
    PF("%d %s %.1f %c", 5, "mixed", 2.25, '!');
    PF("%i", -0x10);
    PF("%lu", (unsigned long)-1);
    PF("%f", (float)0.1);
    PF("%.17g", 0.1);
    PF("%.17g", (double)(float)0.1);

    struct Item items[] = {
        { "Widget", 12, 3.5, 'A' }, { "Gadget (deluxe)", 3, 129.99, 'B' },
        { "Nut", 1000, 0.015, 'C' }, { "Bolt M8x40", 250, 0.275, 'A' },
        { "Thingamajig", 0, 1e6, 'Z' },
    };
    double total = 0;
    printf("+%.*s+\n", 56, "--------------------------------------------------------------");
    printf("| %-20s | %6s | %10s | %10s | %c |\n", "Item", "Qty", "Price", "Subtotal", 'G');
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        double sub = items[i].qty * items[i].price;
        total += sub;
        printf("| %-20.20s | %6d | %10.3f | %10.2f | %c |\n", items[i].name, items[i].qty, items[i].price, sub, items[i].grade);
    }
    printf("| %-20s | %6s | %10s | %10.2f | %c |\n", "TOTAL", "", "", total, ' ');
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%08.3f|%-8.2e|%+5d", 3.14159, 31415.9, 7);
    printf("snprintf wrote %d: %s\n", n, buf);
    volatile size_t lim_v = 10;
    size_t lim = lim_v;
    n = snprintf(buf, lim, "%s", "this will be truncated");
    printf("truncated n=%d buf=%s len=%zu\n", n, buf, strlen(buf));
    n = snprintf(NULL, 0, "%d-%d", 123, 4567);
    printf("measure=%d\n", n);
    for (int w = 1; w <= 6; w++) printf("[%*.*f]", w + 4, w, 2.0 / 3.0);
    putchar('\n');
    for (int i = -3; i <= 3; i++) printf("%+.1e ", pow(10.0, i * 7) * (i % 2 ? -1.5 : 1.25));
    putchar('\n');
    return 0;
}
