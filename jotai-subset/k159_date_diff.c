// inputs: 0 1 2 3  tags: switch, stacked-conditionals, early-return, counted-loop, calendar
#include <stdio.h>
#include <stdlib.h>

struct date {
    int year, month, day;
};

/* Days since 0001-01-01 (proleptic Gregorian) for a validated date; -1 if invalid.
   Also stores the ISO weekday (1=Mon..7=Sun) into *weekday. */
long date_to_days(const struct date *d, int *weekday)
{
    int y = d->year, m = d->month, dd = d->day;
    if (y < 1 || y > 9999 || m < 1 || m > 12 || dd < 1) return -1;
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    int mdays;
    switch (m) {
    case 2:
        mdays = leap ? 29 : 28;
        break;
    case 4: case 6: case 9: case 11:
        mdays = 30;
        break;
    default:
        mdays = 31;
        break;
    }
    if (dd > mdays) return -1;
    long yb = y - 1;
    long days = yb * 365 + yb / 4 - yb / 100 + yb / 400;
    for (int k = 1; k < m; k++) {
        switch (k) {
        case 2: days += leap ? 29 : 28; break;
        case 4: case 6: case 9: case 11: days += 30; break;
        default: days += 31; break;
        }
    }
    days += dd - 1;
    *weekday = (int)(days % 7) + 1;   /* 0001-01-01 was a Monday */
    return days;
}

static void t(int y, int m, int d)
{
    struct date dt;
    dt.year = y; dt.month = m; dt.day = d;
    int wd = 0;
    long n = date_to_days(&dt, &wd);
    printf("%04d-%02d-%02d -> %ld weekday=%d\n", y, m, d, n, n >= 0 ? wd : 0);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        t(0, 1, 1);
        t(2023, 13, 1);
        t(2023, 2, 29);
        t(1900, 2, 29);
        t(2021, 4, 31);
        break;
    case 1:
        t(1, 1, 1);
        t(2000, 2, 29);
        t(2024, 7, 4);
        t(1969, 7, 20);
        t(9999, 12, 31);
        break;
    case 2: {
        struct date a, b;
        int wa, wb;
        a.year = 1970; a.month = 1; a.day = 1;
        b.year = 2038; b.month = 1; b.day = 19;
        long da = date_to_days(&a, &wa), db = date_to_days(&b, &wb);
        printf("days between = %ld (weekdays %d -> %d)\n", db - da, wa, wb);
        break;
    }
    case 3: {
        long sum = 0;
        int invalid = 0, wcount[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        for (int y = 1990; y < 2030; y++)
            for (int m = 1; m <= 12; m++)
                for (int d = 28; d <= 31; d++) {
                    struct date dt;
                    int wd;
                    dt.year = y; dt.month = m; dt.day = d;
                    long n = date_to_days(&dt, &wd);
                    if (n < 0) { invalid++; continue; }
                    sum += n % 1000;
                    wcount[wd]++;
                }
        printf("sum=%ld invalid=%d weekdays:", sum, invalid);
        for (int i = 1; i <= 7; i++) printf(" %d", wcount[i]);
        printf("\n");
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
