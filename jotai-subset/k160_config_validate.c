// inputs: 0 1 2 3  tags: nested-loop, exit, multi-exit, struct, stacked-conditionals, goto, error-handling
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct route {
    int src, dst;
    int weight;
    int flags;     /* bit0 enabled, bit1 critical */
};

/* Validate a routing table: for each node, every enabled outgoing route must target a
   known node, weights must be positive, and no duplicate (src,dst) pairs may exist.
   Warnings are counted; a critical route with a bad target is fatal: the validator
   prints a diagnostic and terminates with exit(2) from inside the nested scan.
   Returns the number of warnings. */
int validate_routes(const struct route *rt, int n, const int *nodes, int nnodes)
{
    int warnings = 0;
    for (int k = 0; k < nnodes; k++) {
        int node = nodes[k];
        for (int i = 0; i < n; i++) {
            const struct route *r = &rt[i];
            if (r->src != node || !(r->flags & 1)) continue;
            int known = 0;
            for (int j = 0; j < nnodes; j++) {
                if (nodes[j] == r->dst) { known = 1; break; }
            }
            if (!known) {
                if (r->flags & 2) {
                    printf("fatal: critical route %d->%d targets unknown node\n", r->src, r->dst);
                    exit(2);
                }
                warnings++;
                continue;
            }
            if (r->weight <= 0) warnings++;
            for (int j = i + 1; j < n; j++) {
                if (rt[j].src == r->src && rt[j].dst == r->dst && (rt[j].flags & 1)) {
                    warnings++;
                    goto next_route;
                }
            }
        next_route:;
        }
    }
    return warnings;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0: {
        int w = validate_routes(NULL, 0, NULL, 0);
        printf("warnings=%d\n", w);
        break;
    }
    case 1: {
        int nodes[4] = {1, 2, 3, 4};
        struct route rt[7] = {{1, 2, 5, 1}, {1, 9, 1, 1}, {2, 3, 0, 1}, {2, 3, 4, 1},
                              {3, 4, 2, 0}, {4, 1, 7, 3}, {1, 2, 6, 1}};
        int w = validate_routes(rt, 7, nodes, 4);
        printf("warnings=%d\n", w);
        break;
    }
    case 2: {
        int nodes[3] = {10, 20, 30};
        struct route rt[4] = {{10, 20, 1, 1}, {20, 30, 1, 3}, {30, 99, 1, 3}, {10, 30, 1, 1}};
        printf("validating...\n");
        int w = validate_routes(rt, 4, nodes, 3);
        printf("warnings=%d (not reached)\n", w);
        break;
    }
    case 3: {
        int nn = 40, n = 600;
        int nodes[40];
        for (int i = 0; i < nn; i++) nodes[i] = i * 3;
        struct route *rt = malloc((size_t)n * sizeof *rt);
        unsigned seed = 6u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 12;
            rt[i].src = (int)(r % 40) * 3;
            rt[i].dst = (int)((r >> 6) % 125);
            rt[i].weight = (int)((r >> 13) % 10) - 1;
            rt[i].flags = (int)(r % 7 == 0 ? 0 : 1);
        }
        int w = validate_routes(rt, n, nodes, nn);
        printf("warnings=%d\n", w);
        free(rt);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
