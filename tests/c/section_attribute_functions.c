/* __attribute__((section(...))) on functions, as LMDB writes it to put
 * rarely used functions apart (#define ESECT
 * __attribute__((section("text_env")))): it places code and changes
 * nothing the functions compute, so nissecc accepts it and leaves the code
 * in .text. It was rejected as unsupported. */
#include <stdio.h>

#define ESECT __attribute__((section("text_env")))

static int ESECT rarely_used(int x) { return x * 3 + 1; }

int ESECT exported_rare(int a, int b);

int ESECT exported_rare(int a, int b) { return rarely_used(a) - b; }

__attribute__((section(".text.hot"), noinline)) static long hot(long n) {
    long s = 0;
    for (long i = 0; i < n; i++) s += i ^ (i >> 3);
    return s;
}

int main(void) {
    int (*fp)(int, int) = exported_rare;
    printf("%d %d %ld\n", rarely_used(5), fp(7, 2), hot(1000));
    return 0;
}
