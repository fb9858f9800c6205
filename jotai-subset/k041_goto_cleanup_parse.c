// inputs: 0 1 2 3 4  tags: goto, error-handling, parser, malloc, early-exit, while-loop
#include <stdio.h>
#include <stdlib.h>

struct intlist {
    int *vals;
    int n;
    long sum;
};

/* Parses "count: v1 v2 ..." into a freshly allocated list. Uses the classic
 * goto-cleanup style.  Returns 0 on success, a negative code on error. */
int parse_list(const char *s, struct intlist *out)
{
    int rc = 0, count = 0, i;
    int *vals = NULL;
    const char *p = s;
    out->vals = NULL;
    out->n = 0;
    out->sum = 0;
    while (*p >= '0' && *p <= '9') {
        count = count * 10 + (*p - '0');
        if (count > 1000) {
            rc = -1;
            goto out;
        }
        p++;
    }
    if (p == s || *p != ':') {
        rc = -2;
        goto out;
    }
    p++;
    vals = malloc(((size_t)count + 1) * sizeof *vals);
    if (!vals) {
        rc = -3;
        goto out;
    }
    for (i = 0; i < count; i++) {
        int v = 0, neg = 0, digits = 0;
        while (*p == ' ')
            p++;
        if (*p == '-') {
            neg = 1;
            p++;
        }
        while (*p >= '0' && *p <= '9' && digits < 6) {
            v = v * 10 + (*p - '0');
            p++;
            digits++;
        }
        if (digits == 0) {
            rc = -4;
            goto free_vals;
        }
        vals[i] = neg ? -v : v;
        out->sum += vals[i];
    }
    while (*p == ' ')
        p++;
    if (*p != '\0') {
        rc = -5;
        goto free_vals;
    }
    out->vals = vals;
    out->n = count;
    return 0;
free_vals:
    free(vals);
    out->sum = 0;
out:
    return rc;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[5] = {
        "",
        "3: 10 -20 30",
        "4: 1 2 x 4",
        "2: 5 6 7",
        "99999: 1"
    };
    struct intlist L;
    int i;
    if (opt < 0 || opt > 4)
        return 0;
    int rc = parse_list(in[opt], &L);
    printf("rc=%d n=%d sum=%ld vals:", rc, L.n, L.sum);
    for (i = 0; i < L.n; i++)
        printf(" %d", L.vals[i]);
    printf("\n");
    free(L.vals);
    return 0;
}
