/* Switches whose profile has one dominant target, for switch peeling
   under -fprofile-use: a hot range of values (digits), a hot default
   whose cases fill their span and one whose cases leave gaps, a hot
   negative value, INT_MIN/INT_MAX and LLONG_MAX cases, signed and
   unsigned chars at their extremes, and cases that pass values on. Each
   loop runs often enough (hundreds of times) for its switch to count as
   hot. */
#include <limits.h>
#include <stdio.h>

static int digit_class(char c)
{
    switch (c) {
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return 1;
    case ' ':
        return 2;
    case '-':
        return 3;
    default:
        return 0;
    }
}

/* The cases fill 0..3, and most values are outside. */
static int small_opcode(int op)
{
    switch (op) {
    case 0: return 10;
    case 1: return 11;
    case 2: return 12;
    case 3: return 13;
    default: return -op;
    }
}

/* The cases leave gaps (the months with 31 days are the default). */
static int month_days(int m)
{
    switch (m) {
    case 2: return 28;
    case 4: case 6: case 9: case 11: return 30;
    default: return 31;
    }
}

static int sign_name(int s)
{
    switch (s) {
    case -1: return 'n';
    case 0: return 'z';
    case 1: return 'p';
    default: return '?';
    }
}

static int extremes(int x)
{
    switch (x) {
    case INT_MIN: return 1;
    case INT_MIN + 1: return 2;
    case 0: return 3;
    case INT_MAX - 1: return 4;
    case INT_MAX: return 5;
    default: return 0;
    }
}

static int wide(long long x)
{
    switch (x) {
    case LLONG_MAX: return 7;
    case LLONG_MAX - 1: return 7;
    case LLONG_MIN: return 8;
    case -1: return 9;
    default: return 0;
    }
}

static int signed_char_class(signed char c)
{
    switch (c) {
    case -128: return 1;
    case -127: return 1;
    case -1: return 2;
    case 127: return 3;
    default: return 0;
    }
}

static int unsigned_char_class(unsigned char c)
{
    switch (c) {
    case 255: return 1;
    case 254: return 1;
    case 0: return 2;
    case 128: return 3;
    default: return 0;
    }
}

/* Cases that update several variables, so that the switch's targets take
   block arguments after SSA construction. */
static long tally(const int *v, int n)
{
    long small = 0, big = 0, odd = 0;
    for (int i = 0; i < n; i++) {
        switch (v[i] & 7) {
        case 1: case 3: case 5: case 7:
            odd += v[i];
            break;
        case 0:
            small++;
            break;
        case 2: case 4:
            big += 2;
            small--;
            break;
        default:
            big -= v[i];
        }
    }
    return small * 1000003 + big * 31 + odd;
}

int main(void)
{
    const char *text = "12 345 6789 -10 1112131415 x 161718192021 - 2223 2425262728 ab";
    long sum = 0;
    for (int round = 0; round < 20; round++)
        for (const char *p = text; *p; p++)
            sum += digit_class(*p) * (p - text + round);
    printf("digits %ld\n", sum);

    sum = 0;
    for (int i = -50; i < 450; i++)
        sum += small_opcode(i % 97);
    printf("opcodes %ld\n", sum);

    sum = 0;
    for (int year = 0; year < 40; year++)
        for (int m = 1; m <= 12; m++)
            sum += month_days(m) * (year + 1);
    printf("days %ld\n", sum);

    sum = 0;
    for (int i = 0; i < 600; i++)
        sum = sum * 3 % 1000003 + sign_name(i % 11 == 0 ? (i % 3) - 1 : -1);
    printf("signs %ld\n", sum);

    const int probes[] = {INT_MIN, INT_MIN + 1, INT_MIN + 2, -1, 0, 1, INT_MAX - 2, INT_MAX - 1, INT_MAX};
    sum = 0;
    for (int i = 0; i < 400; i++) {
        int x = i % 5 ? INT_MIN : probes[i % 9];
        sum = sum * 7 % 1000003 + extremes(x);
    }
    for (int i = 0; i < 400; i++) {
        int x = i % 5 ? INT_MAX : probes[i % 9];
        sum = sum * 7 % 1000003 + extremes(x);
    }
    printf("extremes %ld\n", sum);

    const long long wide_probes[] = {LLONG_MIN, LLONG_MIN + 1, -2, -1, 0, LLONG_MAX - 2, LLONG_MAX - 1, LLONG_MAX};
    sum = 0;
    for (int i = 0; i < 400; i++) {
        long long x = i % 4 ? LLONG_MAX - (i & 1) : wide_probes[i % 8];
        sum = sum * 5 % 1000003 + wide(x);
    }
    printf("wide %ld\n", sum);

    sum = 0;
    for (int i = 0; i < 1024; i++) {
        sum = sum * 3 % 1000003 + signed_char_class((signed char)(i % 3 ? -128 + (i & 1) : i));
        sum = sum * 3 % 1000003 + unsigned_char_class((unsigned char)(i % 3 ? 255 - (i & 1) : i));
    }
    printf("chars %ld\n", sum);

    int values[300];
    for (int i = 0; i < 300; i++)
        values[i] = (i * 37 + 11) % 101 | (i % 4 == 0);
    printf("tally %ld\n", tally(values, 300));
    return 0;
}
