/* longjmp out of recursion, VLAs and sizeof of a VLA type with side effects, compound literals in a loop, and long double to narrower conversions. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <setjmp.h>

struct list { int v; struct list *next; };
static jmp_buf env;
static int calls;
static void thrower(int n) { calls++; if (n > 2) longjmp(env, n); thrower(n + 1); }
static int vla_sum(int n) { int a[n]; for (int i = 0; i < n; i++) a[i] = i + 1; int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s + (int)sizeof a; }
static int sz(int n) { int k = 0; size_t s = sizeof(int[++k + n]); return (int)s * 10 + k; }
static void matrix(int rows, int cols, double m[rows][cols]) { for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) m[i][j] = i + j / 10.0; }
static int apply(int (*f)(int), int x) { return f(x); }
static int twice(int x) { return 2 * x; }
static int (*table[2])(int) = { twice, 0 };

int main(void) {
    register int r = 3; auto int a = 4; printf("%d\n", r + a);
    struct list *head = NULL;
    for (int i = 0; i < 3; i++) { struct list *n = malloc(sizeof *n); *n = (struct list){ i, head }; head = n; }
    for (struct list *p = head; p; ) { struct list *nx = p->next; printf("%d ", p->v); free(p); p = nx; } printf("\n");
    volatile int local = 10;
    int j = setjmp(env);
    if (j == 0) { local = 20; thrower(0); } else printf("jumped %d calls %d local %d\n", j, calls, local);
    printf("%d %d\n", vla_sum(5), sz(3));
    double m[2][3]; matrix(2, 3, m); printf("%g %g\n", m[1][2], m[0][1]);
    printf("%d\n", apply(table[0], 21));
    int *ptrs[3]; for (int i = 0; i < 3; i++) ptrs[i] = &(int){ i * 100 }; printf("%d\n", *ptrs[2]);
    char s[] = "hello"; char *t = s; while (*t) (*t++)--; printf("%s\n", s);
    unsigned long long h = 14695981039346656037ULL; for (const char *p = "fnv"; *p; p++) { h ^= (unsigned char)*p; h *= 1099511628211ULL; } printf("%llx\n", h);
    struct { unsigned char r, g, b, a; } px = { 255, 128, 0, 255 }; unsigned packed; memcpy(&packed, &px, 4); printf("%08x\n", packed);
    const int ca[] = { 3, 1, 2 }; int mx = ca[0]; for (size_t i = 1; i < sizeof ca / sizeof ca[0]; i++) if (ca[i] > mx) mx = ca[i]; printf("%d\n", mx);
    static const char hex[] = "0123456789abcdef"; unsigned v = 0xC0FFEE; char out[9]; out[8] = 0; for (int i = 7; i >= 0; i--) { out[i] = hex[v & 15]; v >>= 4; } printf("%s\n", out);
    long double ld = 1.0L / 3.0L; double dd = ld; float ff = ld; printf("%.18Lf %.17f %.9f\n", ld, dd, ff);
    printf("%d\n", (int)(sizeof(long double)));
    return 0;
}
