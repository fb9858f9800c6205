/*
 * GCC vectors exchanged by value between vec_caller.c and vec_callee.c:
 * 16-byte vectors (SSE and SSEUP, one %xmm register), 8-byte ones (SSE),
 * 4-byte ones (INTEGER), 32-byte ones (MEMORY without AVX), structs
 * holding vectors, and more vectors than there are vector registers;
 * 32- and 64-byte vectors are aligned to their size on the stack.
 */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef signed char v16qi __attribute__((vector_size(16)));
typedef unsigned short v8hu __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
typedef float v2sf __attribute__((vector_size(8)));
typedef signed char v4qi __attribute__((vector_size(4)));
typedef int v8si __attribute__((vector_size(32)));
typedef long long v8di __attribute__((vector_size(64)));

typedef struct { v4si v; } WV;
typedef struct { v2si v; int x; } VI;
typedef struct { v2sf v; double d; } VD;
typedef union { v4si v; double d[2]; } UVD;

static inline void endl(void) { putchar('\n'); }

#define SHOW(NAME, T, N, FMT, CAST) \
    static inline void show_##NAME(const char *pre, T v) \
    { \
        printf("%s{", pre); \
        for (int i = 0; i < N; i++) printf(i ? " " FMT : FMT, (CAST) v[i]); \
        printf("}"); \
    }

SHOW(v4si, v4si, 4, "%d", int)
SHOW(v4sf, v4sf, 4, "%.9g", double)
SHOW(v2df, v2df, 2, "%.17g", double)
SHOW(v16qi, v16qi, 16, "%d", int)
SHOW(v8hu, v8hu, 8, "%u", unsigned)
SHOW(v2di, v2di, 2, "%lld", long long)
SHOW(v2si, v2si, 2, "%d", int)
SHOW(v2sf, v2sf, 2, "%.9g", double)
SHOW(v4qi, v4qi, 4, "%d", int)
SHOW(v8si, v8si, 8, "%d", int)
SHOW(v8di, v8di, 8, "%lld", long long)
