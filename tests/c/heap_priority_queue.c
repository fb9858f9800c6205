#include <stdio.h>

struct Job { int priority; int id; };

static struct Job heap[64];
static int heap_size;

static int less(const struct Job *a, const struct Job *b) {
    return a->priority < b->priority || (a->priority == b->priority && a->id < b->id);
}

static void swap(struct Job *a, struct Job *b) { struct Job t = *a; *a = *b; *b = t; }

static void heap_push(int priority, int id) {
    int i = heap_size++;
    heap[i].priority = priority;
    heap[i].id = id;
    while (i > 0 && less(&heap[i], &heap[(i - 1) / 2])) {
        swap(&heap[i], &heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
}

static struct Job *heap_top(void) { return heap_size ? &heap[0] : 0; }

static void heap_pop(void) {
    heap[0] = heap[--heap_size];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < heap_size && less(&heap[l], &heap[m])) m = l;
        if (r < heap_size && less(&heap[r], &heap[m])) m = r;
        if (m == i) break;
        swap(&heap[i], &heap[m]);
        i = m;
    }
}

static void heapsort(int *a, int n) {
    for (int start = n / 2 - 1; start >= 0; start--)
        for (int root = start; 2 * root + 1 < n;) {
            int c = 2 * root + 1;
            if (c + 1 < n && a[c + 1] > a[c]) c++;
            if (a[root] >= a[c]) break;
            int t = a[root]; a[root] = a[c]; a[c] = t;
            root = c;
        }
    for (int end = n - 1; end > 0; end--) {
        int t = a[0]; a[0] = a[end]; a[end] = t;
        for (int root = 0; 2 * root + 1 < end;) {
            int c = 2 * root + 1;
            if (c + 1 < end && a[c + 1] > a[c]) c++;
            if (a[root] >= a[c]) break;
            t = a[root]; a[root] = a[c]; a[c] = t;
            root = c;
        }
    }
}

int main(void) {
    int pri[] = {5, 1, 9, 3, 3, 7, 0, 9, 2, 5, 8, -4};
    for (int i = 0; i < 12; i++) heap_push(pri[i], i);
    printf("size=%d top=%d/%d\n", heap_size, heap_top()->priority, heap_top()->id);
    while (heap_top()) {
        printf("(%d,%d) ", heap_top()->priority, heap_top()->id);
        heap_pop();
    }
    printf("\n");
    int a[15];
    for (int i = 0; i < 15; i++) a[i] = (i * 7 + 3) % 15 * (i % 2 ? -1 : 1);
    heapsort(a, 15);
    for (int i = 0; i < 15; i++) printf("%d ", a[i]);
    printf("\n");
    return 0;
}
