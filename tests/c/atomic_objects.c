/* Atomic objects in one thread: `_Atomic T`, `_Atomic(T)` and the
 * <stdatomic.h> typedefs as variables, struct members, array elements
 * and pointees. Plain reads and assignments are atomic loads and stores;
 * `++`, `--` and every compound assignment is one read-modify-write
 * (an atomic add/sub/and/or/xor, or a compare-and-exchange loop for the
 * others and for `_Bool`, `float` and `double`). The generic functions of
 * <stdatomic.h> expand to GCC's `__atomic_*` builtins on such objects.
 * Sizes and alignments are GCC's (a 4-byte struct is 4-aligned once
 * atomic). All of this was an `unsupported: _Atomic` error. */
#include <stdatomic.h>
#include <stdio.h>

struct counters {
    char tag;
    _Atomic int hits;
    atomic_long total;
    _Atomic(unsigned char) small;
    _Atomic short history[3];
};

struct pair { short a, b; };

static _Atomic int global_count = 5;
static atomic_flag lock = ATOMIC_FLAG_INIT;
static struct counters table[2] = { { 'a', 1, 2, 3, { 4, 5, 6 } }, { 'b' } };

static int bump(atomic_int *counter, int by) {
    return atomic_fetch_add(counter, by) + by;
}

/* A qualified return type is the plain one. */
static _Atomic long doubled(long v) {
    return v * 2;
}

/* A struct with atomic members passes by value as its plain layout. */
struct pair_holder { _Atomic int a; long b; };

static long sum_of(struct pair_holder v) {
    return v.a + v.b;
}

int main() {
    _Atomic int x = 1;
    x++;
    ++x;
    x += 10;
    x -= 3;
    x *= 7;
    x <<= 2;
    x /= 3;
    x %= 1000;
    x |= 0x100;
    x ^= 1;
    x &= 0x1ff;
    x >>= 1;
    int y = x--;
    printf("x %d %d\n", x, y);
    int z = (x += 5) * 2;
    int post = x++;
    int pre = ++x;
    printf("result %d %d %d\n", z, post, pre);

    struct counters c = { 'c', 3, 4, 250, { 1, 2, 3 } };
    c.hits += 2;
    c.total = c.total * 3 + c.hits;
    c.small += 10;
    c.history[1] -= 7;
    c.history[2] = c.history[0] + c.history[1];
    printf("c %c %d %ld %u %d %d\n", c.tag, c.hits, c.total, c.small, c.history[1], c.history[2]);
    table[1].hits = table[0].hits + 41;
    table[0].total--;
    printf("table %d %ld %d\n", table[1].hits, table[0].total, table[0].history[2]);

    _Atomic double d = 1.5;
    d += 2.25;
    d *= 2;
    _Atomic float f = 0.5f;
    f++;
    f -= 0.25;
    _Atomic _Bool b = 0;
    b += 2;
    _Atomic int from_double = 3;
    from_double *= 2.5;
    _Atomic unsigned char wrap = 250;
    wrap += 300;
    _Atomic long long shifted = 1;
    shifted <<= 40;
    printf("floats %g %g %d %d %u %lld\n", d, (double)f, b, from_double, wrap, shifted);

    int arr[4] = { 10, 20, 30, 40 };
    int *_Atomic p = arr;
    p++;
    p += 2;
    int at_p = *p;
    _Atomic(int *) q = &arr[3];
    q--;
    q -= 1;
    printf("pointers %d %d %td\n", at_p, *q, p - q);

    atomic_int *ptr = &c.hits;
    (*ptr)++;
    *ptr *= 3;
    int through = atomic_load(ptr);
    printf("through pointer %d %d", through, c.hits);
    int bumped = bump(ptr, 4);
    printf(" %d %d\n", bumped, c.hits);

    atomic_store(&global_count, 42);
    int before = atomic_fetch_add(&global_count, 8);
    printf("fetch %d %d\n", before, global_count);
    int expected = 50;
    _Bool ok = atomic_compare_exchange_strong(&global_count, &expected, 60);
    printf("cas %d %d %d\n", ok, expected, global_count);
    expected = 1;
    ok = atomic_compare_exchange_weak(&global_count, &expected, 70);
    printf("cas %d %d %d\n", ok, expected, global_count);
    int exchanged = atomic_exchange(&global_count, 3);
    printf("exchange %d %d\n", exchanged, global_count);
    printf("bits %d", atomic_fetch_or(&global_count, 12));
    printf(" %d", atomic_fetch_and(&global_count, 6));
    printf(" %d", atomic_fetch_xor_explicit(&global_count, 5, memory_order_relaxed));
    printf(" %d", atomic_fetch_sub_explicit(&global_count, 2, memory_order_release));
    printf(" %d\n", global_count);

    int first = atomic_flag_test_and_set(&lock);
    int second = atomic_flag_test_and_set(&lock);
    atomic_flag_clear(&lock);
    printf("flag %d %d %d\n", first, second, atomic_flag_test_and_set_explicit(&lock, memory_order_acquire));
    atomic_thread_fence(memory_order_seq_cst);
    atomic_signal_fence(memory_order_acq_rel);

    _Atomic double dd = 2.0;
    atomic_store(&dd, 3.5);
    double loaded = atomic_load(&dd);
    double swapped = atomic_exchange(&dd, 1.25);
    printf("double %g %g %g\n", loaded, swapped, dd);
    _Atomic struct pair pr = { 1, 2 };
    struct pair got = atomic_load(&pr);
    struct pair put = { 7, 8 };
    atomic_store(&pr, put);
    struct pair now = atomic_load(&pr);
    struct pair whole = pr;
    pr = (struct pair){ 9, 10 };
    printf("struct %d %d %d %d %d %d %d\n", got.a, got.b, now.a, now.b, whole.a, whole.b, atomic_load(&pr).b);

    atomic_init(&x, 9);
    int old = atomic_fetch_sub_explicit(&x, 2, memory_order_relaxed);
    printf("init %d %d %d\n", old, x, (_Atomic int)x + 1);
    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(struct counters), _Alignof(struct counters),
           sizeof(_Atomic struct pair), _Alignof(_Atomic struct pair), sizeof x, _Alignof(atomic_llong));
    struct pair_holder holder = { 5, 6 };
    printf("values %ld %ld %d %d\n", (long)doubled(7), sum_of(holder), _Generic(x, int: 1, default: 0), (_Atomic int){ 5 } + 1);
    printf("lock free %d %d\n", atomic_is_lock_free(&global_count), (int)ATOMIC_INT_LOCK_FREE);
    return 0;
}
