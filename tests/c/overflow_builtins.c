/* GCC's checked arithmetic builtins over mixed operand and result types,
   at the edges of each type's range, hashed into one line; and the typed forms. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#define T(expr) printf("%s -> %d\n", #expr, (int)(expr))
int main() {
  int i; unsigned u; long l; unsigned long ul; short s; unsigned char uc; long long ll; unsigned long long ull;
  long vals[] = {0, 1, -1, 2, 127, 128, 255, 256, 32767, -32768, 65535, INT_MAX, INT_MIN, UINT_MAX, LONG_MAX, LONG_MIN, 3037000499L, 3037000500L, 4294967296L, -4294967296L};
  unsigned long uvals[] = {0, 1, 2, UINT_MAX, ULONG_MAX, ULONG_MAX/2, ULONG_MAX/2+1, 4294967296UL, 4294967297UL};
  int n = sizeof vals / sizeof *vals, m = sizeof uvals / sizeof *uvals;
  unsigned long h = 0;
  for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) {
    long a = vals[x], b = vals[y];
    h = h * 31 + __builtin_add_overflow(a, b, &l) * 7 + (unsigned long)l;
    h = h * 31 + __builtin_sub_overflow(a, b, &l) * 7 + (unsigned long)l;
    h = h * 31 + __builtin_mul_overflow(a, b, &l) * 7 + (unsigned long)l;
    h = h * 31 + __builtin_mul_overflow(a, b, &i) * 7 + (unsigned)i;
    h = h * 31 + __builtin_add_overflow(a, b, &u) * 7 + u;
    h = h * 31 + __builtin_mul_overflow(a, b, &ul) * 7 + ul;
    h = h * 31 + __builtin_sub_overflow(a, b, &s) * 7 + (unsigned short)s;
    h = h * 31 + __builtin_mul_overflow((int)a, (unsigned)b, &uc) * 7 + uc;
    h = h * 31 + __builtin_smull_overflow(a, b, &l) * 7 + (unsigned long)l;
    h = h * 31 + __builtin_sadd_overflow((int)a, (int)b, &i) * 7 + (unsigned)i;
  }
  for (int x = 0; x < m; x++) for (int y = 0; y < n; y++) {
    unsigned long a = uvals[x]; long b = vals[y];
    h = h * 31 + __builtin_mul_overflow(a, b, &l) * 7 + (unsigned long)l;
    h = h * 31 + __builtin_mul_overflow(a, b, &ul) * 7 + ul;
    h = h * 31 + __builtin_mul_overflow(a, (unsigned long)b, &ull) * 7 + ull;
    h = h * 31 + __builtin_add_overflow(a, b, &ll) * 7 + (unsigned long)ll;
    h = h * 31 + __builtin_sub_overflow(b, a, &ul) * 7 + ul;
    h = h * 31 + __builtin_umull_overflow(a, (unsigned long)b, &ul) * 7 + ul;
    h = h * 31 + __builtin_usub_overflow((unsigned)a, (unsigned)b, &u) * 7 + u;
  }
  printf("%lx\n", h);
  size_t total; T(__builtin_mul_overflow((size_t)1 << 40, (size_t)1 << 30, &total));
  T(__builtin_add_overflow(INT_MAX, 1, &i)); printf("%d\n", i);
  return 0;
}
