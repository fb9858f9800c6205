/* Signed division and remainder in every width, with divisors the code
 * cannot see (parameters of a function that is not inlined, and volatile
 * objects), and the two cases where x86's idiv faults: a zero divisor and
 * the most negative value divided by -1. C leaves both undefined; gcc's
 * code divides anyway and the process dies of SIGFPE, and so must
 * nissecc's, each in a child process that reports its signal. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define DIVIDE(T, NAME)                                                    \
    __attribute__((noinline)) static void NAME(T x, T y)                   \
    {                                                                      \
        printf(#T " %lld / %lld = %lld, %% = %lld\n", (long long)x,        \
               (long long)y, (long long)(T)(x / y), (long long)(T)(x % y)); \
    }

DIVIDE(signed char, divide_char)
DIVIDE(short, divide_short)
DIVIDE(int, divide_int)
DIVIDE(long, divide_long)
DIVIDE(long long, divide_long_long)

static const long long dividends[] = {0, 1, -1, 7, -7, 100, -100, 127, -128, 32767, -32768, INT_MAX, INT_MIN + 1};
static const long long divisors[] = {1, -1, 2, -2, 3, -3, 7, -7, 16, -16, 127, -128, INT_MAX};

/* Divides by a zero (or a -1) that the compiler cannot fold, in a child. */
static void faulting(const char *what, int kind)
{
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        volatile int zero = 0, minus_one = -1, most_negative = INT_MIN;
        volatile long wide_zero = 0;
        volatile int sink;
        volatile long wide_sink;
        switch (kind) {
        case 0: sink = 5 / zero; break;
        case 1: sink = 5 % zero; break;
        case 2: sink = most_negative / minus_one; break;
        case 3: sink = most_negative % minus_one; break;
        case 4: wide_sink = 5L / wide_zero; break;
        default: wide_sink = 5L % wide_zero; break;
        }
        (void)sink;
        (void)wide_sink;
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status))
        printf("%s: %s\n", what, WTERMSIG(status) == SIGFPE ? "SIGFPE" : "another signal");
    else
        printf("%s: exit %d\n", what, WEXITSTATUS(status));
}

int main()
{
    for (unsigned i = 0; i < sizeof dividends / sizeof dividends[0]; i++) {
        for (unsigned j = 0; j < sizeof divisors / sizeof divisors[0]; j++) {
            long long x = dividends[i], y = divisors[j];
            if (x >= SCHAR_MIN && x <= SCHAR_MAX && y >= SCHAR_MIN && y <= SCHAR_MAX)
                divide_char((signed char)x, (signed char)y);
            if (x >= SHRT_MIN && x <= SHRT_MAX && y >= SHRT_MIN && y <= SHRT_MAX)
                divide_short((short)x, (short)y);
            divide_int((int)x, (int)y);
            divide_long((long)x * 65537, (long)y);
            divide_long_long(x * 4294967311LL, y);
        }
    }
    /* The most negative value of the narrow types divided by -1 does not
     * fault: they are promoted to int first. */
    divide_char(SCHAR_MIN, -1);
    divide_short(SHRT_MIN, -1);
    divide_long(LONG_MIN, 3);
    divide_long_long(LLONG_MIN, -2);
    faulting("int / 0", 0);
    faulting("int % 0", 1);
    faulting("INT_MIN / -1", 2);
    faulting("INT_MIN % -1", 3);
    faulting("long / 0", 4);
    faulting("long % 0", 5);
    return 0;
}
