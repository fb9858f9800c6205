// inputs: 0 1 2 3  tags: pointer-walk, stacked-conditionals, counted-loop, early-return, struct-ptr-iv
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct employee {
    int id;
    int dept;
    int salary;
    short years;
    char grade;
};

struct dept_summary {
    long total;
    int count;
    int max_salary;
    int max_id;
};

/* Walk the employee array with a pointer induction variable, applying raises by grade
   and tenure, and accumulate per-department summaries (depts 0..ndept-1; others are
   counted as rejected).  Returns number of rejected records. */
int payroll_scan(struct employee *emps, int n, struct dept_summary *sum, int ndept)
{
    int rejected = 0;
    memset(sum, 0, (size_t)ndept * sizeof *sum);
    struct employee *end = emps + n;
    for (struct employee *e = emps; e < end; e++) {
        if (e->dept < 0 || e->dept >= ndept) {
            rejected++;
            continue;
        }
        int pct;
        if (e->grade == 'A') pct = 8;
        else if (e->grade == 'B') pct = 5;
        else if (e->grade == 'C') pct = e->years > 5 ? 3 : 2;
        else pct = 0;
        if (e->years >= 10) pct += 2;
        else if (e->years >= 20) pct += 4;    /* unreachable by design (dead branch) */
        e->salary += e->salary / 100 * pct;
        struct dept_summary *d = &sum[e->dept];
        d->total += e->salary;
        d->count++;
        if (e->salary > d->max_salary) {
            d->max_salary = e->salary;
            d->max_id = e->id;
        }
    }
    return rejected;
}

static void show(const struct dept_summary *s, int nd)
{
    for (int d = 0; d < nd; d++)
        printf("dept %d: count=%d total=%ld max=%d (id %d)\n", d, s[d].count, s[d].total, s[d].max_salary, s[d].max_id);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct dept_summary sum[8];
    switch (opt) {
    case 0: {
        struct employee e[1];
        int r = payroll_scan(e, 0, sum, 2);
        printf("rejected=%d\n", r);
        show(sum, 2);
        break;
    }
    case 1: {
        struct employee e[6] = {{1, 0, 50000, 2, 'A'}, {2, 0, 42000, 12, 'C'}, {3, 1, 61000, 7, 'B'},
                                {4, 5, 10000, 1, 'A'}, {5, 1, 39000, 25, 'D'}, {6, -1, 1, 1, 'A'}};
        int r = payroll_scan(e, 6, sum, 2);
        printf("rejected=%d\n", r);
        show(sum, 2);
        for (int i = 0; i < 6; i++) printf("id %d salary %d\n", e[i].id, e[i].salary);
        break;
    }
    case 2: {
        struct employee e[3] = {{7, 9, 100, 1, 'A'}, {8, 10, 100, 1, 'A'}, {9, -3, 100, 1, 'A'}};
        int r = payroll_scan(e, 3, sum, 3);
        printf("all rejected=%d\n", r);
        break;
    }
    case 3: {
        int n = 20000;
        struct employee *e = malloc((size_t)n * sizeof *e);
        unsigned seed = 1u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 8;
            e[i].id = 1000 + i;
            e[i].dept = (int)(r % 9) - 1 + (r % 53 == 0 ? 20 : 0);
            e[i].salary = 20000 + (int)((r >> 4) % 80000);
            e[i].years = (short)((r >> 12) % 30);
            e[i].grade = "ABCDE"[(r >> 17) % 5];
        }
        int r = payroll_scan(e, n, sum, 8);
        printf("rejected=%d\n", r);
        show(sum, 8);
        free(e);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
