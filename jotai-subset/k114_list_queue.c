// inputs: 0 1 2 3  tags: list-walk, switch, struct, while-loop, queue, linked-list
#include <stdio.h>
#include <stdlib.h>

struct qnode {
    int job;
    int prio;
    struct qnode *next;
};

struct queue {
    struct qnode *head;
    struct qnode *tail;
    int len;
};

/* Execute commands on a FIFO queue of jobs.
   cmd 'e' enqueue (job,prio); 'd' dequeue into served[]; 'p' remove all jobs with prio < arg;
   'r' rotate (move head to tail).  Returns number of served jobs. */
int queue_run(struct queue *q, const char *cmds, const int *args, int *served, int max_served)
{
    int ns = 0;
    for (int i = 0; cmds[i]; i++) {
        switch (cmds[i]) {
        case 'e': {
            struct qnode *n = malloc(sizeof *n);
            n->job = args[2 * i];
            n->prio = args[2 * i + 1];
            n->next = NULL;
            if (q->tail) q->tail->next = n;
            else q->head = n;
            q->tail = n;
            q->len++;
            break;
        }
        case 'd': {
            struct qnode *n = q->head;
            if (!n) break;
            q->head = n->next;
            if (!q->head) q->tail = NULL;
            q->len--;
            if (ns < max_served) served[ns] = n->job;
            ns++;
            free(n);
            break;
        }
        case 'p': {
            struct qnode **pp = &q->head;
            struct qnode *last = NULL;
            while (*pp) {
                struct qnode *n = *pp;
                if (n->prio < args[2 * i]) {
                    *pp = n->next;
                    free(n);
                    q->len--;
                } else {
                    last = n;
                    pp = &n->next;
                }
            }
            q->tail = last;
            break;
        }
        case 'r':
            if (q->head && q->head != q->tail) {
                struct qnode *n = q->head;
                q->head = n->next;
                n->next = NULL;
                q->tail->next = n;
                q->tail = n;
            }
            break;
        default:
            break;
        }
    }
    return ns;
}

static void finish(struct queue *q, const int *served, int ns)
{
    printf("served=%d:", ns);
    for (int i = 0; i < ns && i < 16; i++) printf(" %d", served[i]);
    printf("\nleft=%d:", q->len);
    struct qnode *n = q->head;
    int k = 0;
    while (n) {
        struct qnode *nx = n->next;
        if (k++ < 16) printf(" %d/%d", n->job, n->prio);
        free(n);
        n = nx;
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct queue q = {NULL, NULL, 0};
    int served[4096];
    switch (opt) {
    case 0: {
        int args[8] = {0};
        int ns = queue_run(&q, "ddrp", args, served, 4096);
        finish(&q, served, ns);
        break;
    }
    case 1: {
        const char *c = "eeeerdeep";
        int args[18] = {1, 5, 2, 1, 3, 9, 4, 2, 0, 0, 0, 0, 5, 7, 6, 0, 3, 0};
        int ns = queue_run(&q, c, args, served, 4096);
        finish(&q, served, ns);
        break;
    }
    case 2: {
        const char *c = "eeepd";
        int args[10] = {1, 1, 2, 2, 3, 3, 10, 0, 0, 0};
        int ns = queue_run(&q, c, args, served, 4096);
        finish(&q, served, ns);
        break;
    }
    case 3: {
        int n = 6000;
        char *c = malloc((size_t)n + 1);
        int *args = malloc((size_t)n * 2 * sizeof *args);
        unsigned seed = 8u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 20;
            c[i] = r < 10 ? 'e' : r < 16 ? 'd' : r < 19 ? 'r' : 'p';
            args[2 * i] = c[i] == 'p' ? 2 : i;
            args[2 * i + 1] = (int)((seed >> 24) % 10);
        }
        c[n] = '\0';
        int ns = queue_run(&q, c, args, served, 4096);
        finish(&q, served, ns);
        free(c);
        free(args);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
