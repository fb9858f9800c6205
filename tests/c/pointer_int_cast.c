#include <stdio.h>
#include <stdint.h>

struct Node { int v; struct Node *next; };

int main(void) {
    int arr[10];
    for (int i = 0; i < 10; i++) arr[i] = i * 3;
    uintptr_t base = (uintptr_t)arr;
    uintptr_t addr = base + 4 * sizeof(int);
    int *p = (int *)addr;
    printf("%d\n", *p);
    long lp = (long)&arr[7];
    printf("%d\n", *(int *)lp);
    printf("%ld\n", (long)((uintptr_t)&arr[9] - base));
    printf("%d\n", (int)(base % sizeof(int)));
    intptr_t ip = (intptr_t)&arr[2];
    ip += (intptr_t)sizeof(int);
    printf("%d\n", *(int *)ip);
    struct Node nodes[3] = {{1, 0}, {2, 0}, {3, 0}};
    /* xor-linked trick: store a^b as an integer and recover */
    uintptr_t x = (uintptr_t)&nodes[0] ^ (uintptr_t)&nodes[2];
    struct Node *recovered = (struct Node *)(x ^ (uintptr_t)&nodes[0]);
    printf("%d\n", recovered->v);
    void *vp = (void *)0;
    printf("%d\n", (int)(uintptr_t)vp);
    printf("%d\n", (uintptr_t)NULL == 0);
    char buf[64];
    uintptr_t aligned = ((uintptr_t)buf + 15) & ~(uintptr_t)15;
    printf("%d\n", (int)(aligned % 16));
    printf("%d\n", aligned >= (uintptr_t)buf && aligned < (uintptr_t)buf + 16);
    unsigned long ul = (unsigned long)(arr + 5);
    int *back = (int *)ul;
    printf("%d %d\n", *back, back == &arr[5]);
    int *tagged_src = &arr[1];
    uintptr_t tagged = (uintptr_t)tagged_src | 1;
    printf("%d\n", (int)(tagged & 1));
    int *untagged = (int *)(tagged & ~(uintptr_t)1);
    printf("%d\n", *untagged);
    return 0;
}
