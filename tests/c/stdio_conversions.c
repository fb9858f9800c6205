/* printf and sscanf conversions of <stdio.h> and <inttypes.h> (%hhd %lld %zu %td %jd %a %Lf %n %*d %[...]), tmpfile I/O and the <float.h> limits. */
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>
#include <stddef.h>
#include <string.h>
#include <limits.h>
#include <float.h>

int main(void) {
    char buf[256];
    int n1 = 0, n2 = 0;
    int k = snprintf(buf, sizeof buf, "%hhd %hhu %hd %lld %llu %zu %td %jd %ju", (signed char)-3, (unsigned char)250, (short)-300, -1234567890123LL, 18446744073709551615ULL, (size_t)77, (ptrdiff_t)-5, (intmax_t)-99, (uintmax_t)100);
    printf("%d [%s]\n", k, buf);
    printf("[%n]%d\n", &n1, 5); printf("n1=%d\n", n1);
    printf("%" PRId64 " %" PRIu64 " %" PRIx64 " %" PRIX32 " %" PRIi8 " %" PRIuPTR "\n", INT64_C(-9223372036854775807) - 1, UINT64_MAX, UINT64_C(0xdeadbeefcafe), (uint32_t)0xabcdef12, (int8_t)-128, (uintptr_t)4096);
    printf("%e %E %g %G %f %.10f\n", 12345.678, 0.000123, 1e-5, 1e20, 3.5, 1.0/3);
    printf("%a %A %.3a\n", 1.0, 0.5, 3.14159);
    printf("%Lf %Le %Lg\n", 3.25L, 1.5e300L * 1e10L, (long double)1/3);
    printf("%10.4f|%-10.2e|%+g|% g|%#g|%#x|%#o\n", 3.14159, 2.5, 1.0, 2.0, 3.0, 0, 0);
    printf("%s|%.0s|%5.1s|\n", "abc", "xyz", "hello");
    printf("%c%c%c\n", 65, 'b', '\n' + 0x20);
    printf("%5%|%-5d|%05d|%+05d\n", 3, -3, 3);
    printf("FLT_EPSILON=%g DBL_EPSILON=%g DBL_MAX=%g DBL_MIN=%g FLT_MAX=%g\n", FLT_EPSILON, DBL_EPSILON, DBL_MAX, DBL_MIN, FLT_MAX);
    printf("%d %d %d %d\n", FLT_DIG, DBL_DIG, DBL_MANT_DIG, LDBL_MANT_DIG);
    printf("%Lg\n", LDBL_EPSILON);
    /* Initialized, since the conversion stops at "0x1f" and leaves the rest unassigned. */
    int a = 0, b = 0; unsigned u = 0; long long ll = 0; char s[32] = "", c = '-'; double d = 0; float f = 0; long double ld = 0;
    int r = sscanf("12 34 0x1f -77777777777 word Z 2.5 1e3 7.25", "%d %*d %d %x %lld %s %c %lf %f %Lf", &a, &b, &u, &ll, s, &c, &d, &f, &ld);
    printf("r=%d a=%d b=%d u=%u ll=%lld s=%s c=%c d=%g f=%g ld=%Lg\n", r, a, b, u, ll, s, c, d, f, ld);
    signed char hh; unsigned short hu; uint32_t u32; int64_t i64;
    r = sscanf("-5 65535 4000000000 -42%n", "%hhd %hu %" SCNu32 " %" SCNd64 "%n", &hh, &hu, &u32, &i64, &n2);
    printf("r=%d %d %u %" PRIu32 " %" PRId64 " n=%d\n", r, hh, hu, u32, i64, n2);
    char set[16];
    r = sscanf("abcdef123", "%[a-d]%n", set, &n2);
    printf("r=%d set=%s n=%d\n", r, set, n2);
    r = sscanf("  x", " %c", &c); printf("%d %c\n", r, c);
    r = sscanf("", "%d", &a); printf("empty r=%d\n", r);
    int *p = &a; char pbuf[64]; void *q;
    sprintf(pbuf, "%p", (void*)p); sscanf(pbuf, "%p", &q); printf("p roundtrip %d\n", q == (void*)p);
    printf("%s\n", NULL == 0 ? "nulleq" : "x");
    printf("EOF=%d BUFSIZ>0=%d\n", EOF, BUFSIZ > 0);
    FILE *fp = tmpfile();
    if (fp) {
        fprintf(fp, "line1\nline2 %d\n", 42);
        rewind(fp);
        char line[64];
        while (fgets(line, sizeof line, fp)) fputs(line, stdout);
        fseek(fp, 0, SEEK_END); printf("pos=%ld\n", ftell(fp));
        fseek(fp, 0, SEEK_SET); int ch; int cnt = 0; while ((ch = fgetc(fp)) != EOF) cnt++; printf("cnt=%d eof=%d\n", cnt, feof(fp) != 0);
        fclose(fp);
    }
    fputc('!', stdout); putc('\n', stdout); putchar('x'); puts("");
    fwrite("wr\n", 1, 3, stdout);
    fprintf(stderr, "to stderr\n");
    printf("%.*f %*.*s|\n", 2, 3.14159, 6, 2, "abcdef");
    printf("%lu %ld %lx\n", ULONG_MAX, LONG_MIN, (unsigned long)LONG_MAX);
    printf("%hhx %hx\n", 0x1ff, 0x1ffff);
    return 0;
}
