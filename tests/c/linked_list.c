#include <stdio.h>
#include <stdlib.h>

struct Node { int value; struct Node *next; };

static struct Node *push(struct Node *head, int v) {
    struct Node *n = malloc(sizeof(struct Node));
    n->value = v;
    n->next = head;
    return n;
}

static void append(struct Node **head, int v) {
    while (*head) head = &(*head)->next;
    *head = push(NULL, v);
}

static struct Node *reverse(struct Node *h) {
    struct Node *prev = NULL;
    while (h) { struct Node *nx = h->next; h->next = prev; prev = h; h = nx; }
    return prev;
}

static void remove_if_even(struct Node **pp) {
    while (*pp) {
        if ((*pp)->value % 2 == 0) { struct Node *dead = *pp; *pp = dead->next; free(dead); }
        else pp = &(*pp)->next;
    }
}

static void print(const char *tag, const struct Node *h) {
    printf("%s:", tag);
    for (; h; h = h->next) printf(" %d", h->value);
    printf("\n");
}

static struct Node *merge(struct Node *a, struct Node *b) {
    struct Node head = {0, NULL}, *t = &head;
    while (a && b) {
        if (a->value <= b->value) { t->next = a; a = a->next; }
        else { t->next = b; b = b->next; }
        t = t->next;
    }
    t->next = a ? a : b;
    return head.next;
}

static void free_all(struct Node *h) {
    while (h) { struct Node *n = h->next; free(h); h = n; }
}

int main(void) {
    struct Node *list = NULL;
    for (int i = 1; i <= 10; i++) list = push(list, i * i % 11);
    print("pushed", list);
    list = reverse(list);
    print("reversed", list);
    append(&list, 100);
    append(&list, 101);
    print("appended", list);
    remove_if_even(&list);
    print("odd", list);
    int n = 0;
    long sum = 0;
    for (struct Node *p = list; p; p = p->next) { n++; sum += p->value; }
    printf("n=%d sum=%ld\n", n, sum);
    free_all(list);
    struct Node *a = NULL, *b = NULL;
    for (int i = 9; i >= 0; i -= 2) a = push(a, i);
    for (int i = 8; i >= 0; i -= 3) b = push(b, i);
    print("a", a);
    print("b", b);
    struct Node *m = merge(a, b);
    print("merged", m);
    free_all(m);
    struct Node ring[3];
    for (int i = 0; i < 3; i++) { ring[i].value = i; ring[i].next = &ring[(i + 1) % 3]; }
    struct Node *r = &ring[0];
    for (int i = 0; i < 7; i++) r = r->next;
    printf("ring=%d\n", r->value);
    return 0;
}
