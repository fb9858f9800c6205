/* Control flow the way 1980s-2000s C was written: goto-based cleanup,
 * backward gotos as loops, nested switches with fall-through, Duff's
 * device, a switch-based coroutine, static locals, comma operators and
 * do { } while (0) macros. */
#include <stdio.h>
#include <string.h>

#define SWAP(a, b) do { int t_ = (a); (a) = (b); (b) = t_; } while (0)
#define CHECK(cond, code) do { if (!(cond)) { err = (code); goto fail; } } while (0)
#define LOG(x) do { nlog++; logsum = logsum * 3 + (x); } while (0)

static int nlog, logsum;

/* goto-based error handling with cleanup in reverse order */
static int setup(int fail_at, char *trace)
{
    int err = 0, step = 0;
    char a[8], b[8], c[8];
    trace[0] = 0;
    CHECK(fail_at != 1, -1);
    strcpy(a, "A"), step++;
    CHECK(fail_at != 2, -2);
    strcpy(b, "B"), step++;
    CHECK(fail_at != 3, -3);
    strcpy(c, "C"), step++;
    strcat(trace, a), strcat(trace, b), strcat(trace, c);
    return step;
fail:
    if (step >= 2)
        goto undo_b;
    if (step >= 1)
        goto undo_a;
    goto out;
undo_b:
    strcat(trace, "~b");
undo_a:
    strcat(trace, "~a");
out:
    return err;
}

/* Duff's device */
static void duff_copy(short *to, const short *from, int count)
{
    int n = (count + 7) / 8;
    if (count <= 0)
        return;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

/* switch-based coroutine (Simon Tatham style): returns 1, 2, 2, 3, 3, 3, ... */
static int gen(int reset)
{
    static int state, i, j;
    if (reset) {
        state = 0;
        return 0;
    }
    switch (state) {
    case 0:
        for (i = 1;; i++) {
            for (j = 0; j < i; j++) {
                state = 1;
                return i;
    case 1:;
            }
        }
    }
    return -1;
}

/* nested switches, fall-through, default in the middle */
static int classify(int kind, int v)
{
    int r = 0;
    switch (kind) {
    case 0:
        switch (v & 3) {
        case 0: r += 1;
        case 1: r += 10; break;
        default: r += 100;
        case 3: r += 1000;
        }
        /* fall through into kind 1 */
    case 1:
        r += 5;
        break;
    default:
        r = -r - 1;
    case 2:
        if (v > 2)
            case 3: r += v * 2;
        break;
    }
    return r;
}

/* switches on wide, unsigned and narrow types with extreme case values */
static int sw_wide(long long v, unsigned u, unsigned char uc, signed char sc)
{
    int r = 0;
    switch (v) {
    case -9223372036854775807LL - 1: r = 1; break;
    case 4294967296LL: r = 2; break;
    case 4294967295LL: r = 3; break;
    case -1: r = 4; break;
    case 0x7fffffffffffffffLL: r = 5; break;
    }
    switch (u) { case 0xffffffffu: r += 10; break; case 0x80000000u: r += 20; break; }
    switch (uc) { case 255: r += 100; break; case 'a': r += 200; break; }
    switch (sc) { case -1: r += 1000; break; case -128: r += 2000; break; case 127: r += 3000; }
    return r;
}

static int counter(void)
{
    static int n = 10;
    return n += 3, n - 1;
}

int main(void)
{
    char trace[32];
    short src[37], dst[37];
    int i, j, k, sum, x = 1, y = 2;
    unsigned cs;

    for (i = 0; i <= 4; i++) {
        int r = setup(i, trace);
        printf("setup(%d)=%d [%s]\n", i, r, trace);
    }
    for (k = 0; k <= 37; k += 9) {
        for (i = 0; i < 37; i++)
            src[i] = (short)(i * 7 - 50), dst[i] = -1;
        duff_copy(dst, src, k);
        for (i = 0, cs = 0; i < 37; i++)
            cs = cs * 3 + dst[i];
        printf("duff %d: %u\n", k, cs);
    }
    gen(1);
    for (i = 0; i < 12; i++)
        printf("%d ", gen(0));
    printf("\n");
    for (k = 0; k < 5; k++) {
        for (i = 0; i < 5; i++)
            printf("%d ", classify(k, i));
        printf("\n");
    }

    /* backward goto as a loop, and a jump into a block */
    i = 0, sum = 0;
again:
    sum += i * i;
    if (++i < 10)
        goto again;
    printf("goto loop sum=%d\n", sum);
    goto inside;
    {
        sum = -1000;
inside:
        sum += 1;
    }
    printf("inside sum=%d\n", sum);

    /* do-while(0) macros in unbraced if/else, comma operators */
    if (x < y)
        SWAP(x, y);
    else
        SWAP(x, x);
    printf("swap %d %d\n", x, y);
    for (i = 0, j = 10; i < j; i++, j--)
        LOG(i + j);
    printf("log %d %d\n", nlog, logsum);
    k = (i = 3, j = i * 2, i + j);
    printf("comma %d %d %d\n", i, j, k);
    printf("wide %d %d %d %d\n", sw_wide(-9223372036854775807LL - 1, 0xffffffffu, 255, -1),
           sw_wide(4294967296LL, 0x80000000u, 'a', -128), sw_wide(4294967295LL, 1, 1, 127),
           sw_wide(-1, 0, 0, 0) + sw_wide(0x7fffffffffffffffLL, 0, 0, 0) * 10);
    printf("counter %d", counter());
    printf(" %d\n", counter());
    switch (k) case 9: printf("unbraced switch\n");
    switch (k) { }
    switch (k) default: { printf("only default %d\n", k); }
    while (1) {
        switch (k++) {
        case 9: continue;
        case 10: break;
        case 11: goto done;
        }
        printf("k=%d\n", k);
    }
done:
    printf("done k=%d\n", k);
    return 0;
}
