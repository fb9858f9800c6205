// inputs: 0 1 2 3  tags: counted-loop, two-pointer, early-return, struct, in-place
#include <stdio.h>
#include <stdlib.h>

struct sample {
    int t;        /* timestamp (sorted) */
    int value;
};

/* Collapse runs of equal timestamps in a sorted sample array, keeping at most
   `keep` samples per timestamp and accumulating the values of dropped samples into the
   last kept one.  Returns the new length. */
int dedup_samples(struct sample *s, int n, int keep)
{
    if (n == 0 || keep <= 0) return 0;
    int w = 1;
    int run = 1;
    for (int r = 1; r < n; r++) {
        if (s[r].t == s[w - 1].t) {
            if (run < keep) {
                s[w++] = s[r];
                run++;
            } else {
                s[w - 1].value += s[r].value;
            }
        } else {
            s[w++] = s[r];
            run = 1;
        }
    }
    return w;
}

static void show(const struct sample *s, int n)
{
    printf("n=%d:", n);
    for (int i = 0; i < n && i < 16; i++) printf(" %d:%d", s[i].t, s[i].value);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        struct sample s[1] = {{1, 1}};
        int n0 = dedup_samples(s, 0, 1);
        int n1 = dedup_samples(s, 1, 0);
        printf("%d %d\n", n0, n1);
        break;
    }
    case 1: {
        struct sample s[10] = {{1, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 5}, {3, 6}, {3, 7}, {3, 8}, {4, 9}, {4, 10}};
        int n = dedup_samples(s, 10, 1);
        show(s, n);
        break;
    }
    case 2: {
        struct sample s[10] = {{1, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 5}, {3, 6}, {3, 7}, {3, 8}, {4, 9}, {4, 10}};
        int n = dedup_samples(s, 10, 2);
        show(s, n);
        break;
    }
    case 3: {
        int n = 50000;
        struct sample *s = malloc((size_t)n * sizeof *s);
        unsigned seed = 8u;
        int t = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % 3 == 0) t++;
            s[i].t = t;
            s[i].value = (int)((seed >> 20) % 100);
        }
        int m = dedup_samples(s, n, 2);
        long sum = 0;
        for (int i = 0; i < m; i++) sum += s[i].value;
        printf("m=%d sum=%ld\n", m, sum);
        show(s, m);
        free(s);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
