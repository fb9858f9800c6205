/* GCC's __atomic_* and __sync_* builtins, one thread: each operation's result
   and effect in every form (the threaded test is tests/timing/atomic_counters.c). */
#include <stdio.h>
static unsigned char flagbyte; static short sh = 5;
static int *ptr; static int arr[4];
int main() {
    int x = 10, e = 10, d = 20;
    printf("%d %d %d\n", __atomic_compare_exchange_n(&x, &e, d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), x, e);
    e = 99; printf("%d %d %d\n", __atomic_compare_exchange(&x, &e, &d, 1, 5, 5), x, e);
    printf("%d %d\n", __atomic_exchange_n(&x, 7, 5), x);
    printf("%d %d %d\n", __atomic_add_fetch(&x, 3, 5), __atomic_fetch_sub(&x, 1, 5), x);
    printf("%d %d\n", __atomic_nand_fetch(&x, 6, 5), __atomic_fetch_xor(&x, 0xff, 5));
    printf("%d %d %d\n", __atomic_test_and_set(&flagbyte, 5), __atomic_test_and_set(&flagbyte, 5), flagbyte);
    __atomic_clear(&flagbyte, 5); printf("%d\n", flagbyte);
    printf("%d %d %d\n", __sync_bool_compare_and_swap(&sh, 5, 6), __sync_val_compare_and_swap(&sh, 5, 9), sh);
    printf("%d %d %d\n", __sync_lock_test_and_set(&sh, 3), sh, __sync_sub_and_fetch(&sh, 1));
    __sync_lock_release(&sh); __sync_synchronize(); __atomic_thread_fence(5); __atomic_signal_fence(5);
    ptr = arr; __atomic_fetch_add(&ptr, 8, 5); __sync_fetch_and_add(&ptr, 4);
    printf("%d %d %ld\n", sh, (int)__atomic_always_lock_free(8, 0), (long)(ptr - arr));
    int y; __atomic_load(&x, &y, 5); int z = 42; __atomic_store(&x, &z, 5); int w; __atomic_exchange(&x, &y, &w, 5);
    printf("%d %d %d\n", y, w, x);
    unsigned long long u = 1; printf("%llu\n", __atomic_or_fetch(&u, 6, 5) + __sync_and_and_fetch(&u, 3) + __sync_fetch_and_nand(&u, 1));
    return 0;
}
