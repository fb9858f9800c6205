/* Arena and fixed-size pool allocators with alignment arithmetic, free lists and statistics. */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

typedef union { long long ll; double d; void *p; } MaxAlign;

static MaxAlign arena_storage[512];   /* 4 KiB, suitably aligned */

typedef struct {
    unsigned char *base;
    size_t size, used, peak;
    unsigned allocs, fails;
} Arena;

static void arena_init(Arena *a, void *mem, size_t size) {
    a->base = mem; a->size = size; a->used = a->peak = 0; a->allocs = a->fails = 0;
}

static void *arena_alloc(Arena *a, size_t n, size_t align) {
    /* align relative to the arena base (the base itself is only guaranteed 8-aligned) */
    uintptr_t cur = (uintptr_t)a->used;
    uintptr_t aligned = (cur + (align - 1)) & ~(uintptr_t)(align - 1);
    size_t pad = (size_t)(aligned - cur);
    if (a->used + pad + n > a->size) { a->fails++; return NULL; }
    a->used += pad + n;
    if (a->used > a->peak) a->peak = a->used;
    a->allocs++;
    return a->base + aligned;
}

static size_t arena_mark(const Arena *a) { return a->used; }
static void arena_reset_to(Arena *a, size_t mark) { a->used = mark; }

typedef struct FreeNode { struct FreeNode *next; } FreeNode;
typedef struct {
    unsigned char *blocks;
    size_t block_size, nblocks;
    FreeNode *free_list;
    unsigned in_use, max_in_use;
} Pool;

static int pool_init(Pool *p, Arena *a, size_t block_size, size_t nblocks) {
    if (block_size < sizeof(FreeNode)) block_size = sizeof(FreeNode);
    block_size = (block_size + sizeof(void *) - 1) / sizeof(void *) * sizeof(void *);
    p->blocks = arena_alloc(a, block_size * nblocks, sizeof(void *));
    if (!p->blocks) return 0;
    p->block_size = block_size;
    p->nblocks = nblocks;
    p->free_list = NULL;
    for (size_t i = nblocks; i-- > 0;) {
        FreeNode *n = (FreeNode *)(void *)(p->blocks + i * block_size);
        n->next = p->free_list;
        p->free_list = n;
    }
    p->in_use = p->max_in_use = 0;
    return 1;
}

static void *pool_get(Pool *p) {
    FreeNode *n = p->free_list;
    if (!n) return NULL;
    p->free_list = n->next;
    if (++p->in_use > p->max_in_use) p->max_in_use = p->in_use;
    return n;
}

static void pool_put(Pool *p, void *mem) {
    FreeNode *n = mem;
    n->next = p->free_list;
    p->free_list = n;
    p->in_use--;
}

static size_t pool_index(const Pool *p, const void *mem) { return (size_t)((const unsigned char *)mem - p->blocks) / p->block_size; }

struct Particle { float x, y, vx, vy; int id; char tag[6]; };

int main(void) {
    Arena a;
    arena_init(&a, arena_storage, sizeof arena_storage);
    size_t aligns[] = { 1, 2, 4, 8, 16, 32, 64 };
    for (size_t i = 0; i < sizeof aligns / sizeof *aligns; i++) {
        void *p = arena_alloc(&a, 3 + i * 5, aligns[i]);
        printf("alloc %2zu bytes align %2zu -> offset %4zu aligned=%d\n", 3 + i * 5, aligns[i],
               (size_t)((unsigned char *)p - a.base), ((size_t)((unsigned char *)p - a.base) % aligns[i]) == 0);
    }
    size_t mark = arena_mark(&a);
    char *s = arena_alloc(&a, 32, 1);
    strcpy(s, "temporary string in arena");
    printf("used=%zu after temp '%s'\n", a.used, s);
    arena_reset_to(&a, mark);
    printf("reset to %zu\n", a.used);

    Pool pool;
    if (!pool_init(&pool, &a, sizeof(struct Particle), 40)) { puts("pool init failed"); return 1; }
    printf("pool block_size=%zu nblocks=%zu arena used=%zu\n", pool.block_size, pool.nblocks, a.used);
    struct Particle *live[64];
    int nlive = 0;
    unsigned seed = 11;
    long checksum = 0;
    for (int step = 0; step < 200; step++) {
        seed = seed * 1103515245u + 12345u;
        int action = (int)((seed >> 16) % 3);
        if (action < 2) {
            struct Particle *pt = pool_get(&pool);
            if (!pt) { if (step % 20 == 0) printf("step %d: pool exhausted\n", step); continue; }
            pt->id = step;
            pt->x = (float)step; pt->y = (float)(step * 2);
            pt->vx = 0.5f; pt->vy = -0.25f;
            snprintf(pt->tag, sizeof pt->tag, "p%03d", step % 1000);
            live[nlive++] = pt;
        } else if (nlive > 0) {
            int victim = (int)((seed >> 8) % (unsigned)nlive);
            checksum += live[victim]->id * (long)pool_index(&pool, live[victim]);
            pool_put(&pool, live[victim]);
            live[victim] = live[--nlive];
        }
    }
    printf("live=%d in_use=%u max_in_use=%u checksum=%ld\n", nlive, pool.in_use, pool.max_in_use, checksum);
    for (int i = 0; i < nlive && i < 8; i++)
        printf("  %s id=%d idx=%zu pos=(%.1f,%.1f)\n", live[i]->tag, live[i]->id, pool_index(&pool, live[i]), (double)live[i]->x,
               (double)live[i]->y);
    void *big = arena_alloc(&a, 100000, 8);
    printf("big alloc %s, allocs=%u fails=%u peak=%zu\n", big ? "succeeded?!" : "failed as expected", a.allocs, a.fails, a.peak);
    size_t free_count = 0;
    for (FreeNode *n = pool.free_list; n; n = n->next) free_count++;
    printf("free list length %zu (+%d live = %zu)\n", free_count, nlive, free_count + (size_t)nlive);
    printf("sizeof(MaxAlign)=%zu offsetof(tag)=%zu sizeof(Particle)=%zu\n", sizeof(MaxAlign), offsetof(struct Particle, tag),
           sizeof(struct Particle));
    return 0;
}
