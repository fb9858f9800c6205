#include <stdio.h>
#include <stdint.h>
struct __attribute__((packed)) pk { char c; int i; short s; };
struct pk2 { char c; int i; } __attribute__((packed));
struct al { char c; } __attribute__((aligned(16)));
struct mem { char c; int x __attribute__((aligned(8))); };
typedef struct { char a; long b; } __attribute__((packed)) tpk;
static int g __attribute__((aligned(64))) = 5;
__attribute__((noreturn)) void die(void);
static __attribute__((unused)) int helper(int x) { return x; }
__attribute__((cold, always_inline)) static inline int twice(int x) { return 2 * x; }
int main() {
  int l __attribute__((aligned(16))) = 3;
  struct pk p = { 'a', 0x12345678, 7 };
  printf("%zu %zu %zu %zu %zu\n", sizeof(struct pk), sizeof(struct pk2), sizeof(struct al), sizeof(struct mem), sizeof(tpk));
  printf("%d %d %d %d\n", p.i, p.s, (int)((uintptr_t)&g % 64), (int)((uintptr_t)&l % 16));
  printf("%d\n", twice(l));
  return 0;
}
