/* AVL tree with insert, delete, in-order iteration, rank queries and validation. */
#include <stdio.h>
#include <stdlib.h>

typedef struct Node {
    int key;
    int height;
    int size;
    struct Node *left, *right;
} Node;

#define HEIGHT(n) ((n) ? (n)->height : 0)
#define SIZE(n) ((n) ? (n)->size : 0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static int rotations;

static void update(Node *n) {
    n->height = 1 + MAX(HEIGHT(n->left), HEIGHT(n->right));
    n->size = 1 + SIZE(n->left) + SIZE(n->right);
}

static Node *rot_right(Node *y) {
    Node *x = y->left;
    y->left = x->right;
    x->right = y;
    update(y); update(x);
    rotations++;
    return x;
}

static Node *rot_left(Node *x) {
    Node *y = x->right;
    x->right = y->left;
    y->left = x;
    update(x); update(y);
    rotations++;
    return y;
}

static Node *rebalance(Node *n) {
    update(n);
    int bf = HEIGHT(n->left) - HEIGHT(n->right);
    if (bf > 1) {
        if (HEIGHT(n->left->left) < HEIGHT(n->left->right)) n->left = rot_left(n->left);
        return rot_right(n);
    }
    if (bf < -1) {
        if (HEIGHT(n->right->right) < HEIGHT(n->right->left)) n->right = rot_right(n->right);
        return rot_left(n);
    }
    return n;
}

static Node *insert(Node *n, int key, int *added) {
    if (!n) {
        Node *m = malloc(sizeof *m);
        m->key = key; m->left = m->right = NULL;
        m->height = m->size = 1;
        *added = 1;
        return m;
    }
    if (key < n->key) n->left = insert(n->left, key, added);
    else if (key > n->key) n->right = insert(n->right, key, added);
    else { *added = 0; return n; }
    return rebalance(n);
}

static Node *remove_min(Node *n, Node **min) {
    if (!n->left) { *min = n; return n->right; }
    n->left = remove_min(n->left, min);
    return rebalance(n);
}

static Node *erase(Node *n, int key, int *removed) {
    if (!n) { *removed = 0; return NULL; }
    if (key < n->key) n->left = erase(n->left, key, removed);
    else if (key > n->key) n->right = erase(n->right, key, removed);
    else {
        Node *l = n->left, *r = n->right;
        free(n);
        *removed = 1;
        if (!r) return l;
        Node *m;
        r = remove_min(r, &m);
        m->left = l; m->right = r;
        return rebalance(m);
    }
    return rebalance(n);
}

static int kth(const Node *n, int k) {
    while (n) {
        int ls = SIZE(n->left);
        if (k < ls) n = n->left;
        else if (k == ls) return n->key;
        else { k -= ls + 1; n = n->right; }
    }
    return -1;
}

static int rank_of(const Node *n, int key) {
    int r = 0;
    while (n) {
        if (key <= n->key) n = n->left;
        else { r += SIZE(n->left) + 1; n = n->right; }
    }
    return r;
}

static int validate(const Node *n, long lo, long hi) {
    if (!n) return 1;
    if (n->key <= lo || n->key >= hi) return 0;
    int bf = HEIGHT(n->left) - HEIGHT(n->right);
    if (bf < -1 || bf > 1) return 0;
    if (n->height != 1 + MAX(HEIGHT(n->left), HEIGHT(n->right))) return 0;
    if (n->size != 1 + SIZE(n->left) + SIZE(n->right)) return 0;
    return validate(n->left, lo, n->key) && validate(n->right, n->key, hi);
}

static void inorder(const Node *n, void (*visit)(int, void *), void *ctx) {
    if (!n) return;
    inorder(n->left, visit, ctx);
    visit(n->key, ctx);
    inorder(n->right, visit, ctx);
}

struct PrintCtx { int count; int limit; long sum; };
static void print_key(int k, void *ctx) {
    struct PrintCtx *c = ctx;
    if (c->count++ < c->limit) printf("%d ", k);
    c->sum += k;
}

static void free_tree(Node *n) {
    if (!n) return;
    free_tree(n->left);
    free_tree(n->right);
    free(n);
}

static void dump(const Node *n, int depth) {
    if (!n || depth > 3) return;
    dump(n->right, depth + 1);
    printf("%*s%d(h%d,s%d)\n", depth * 4, "", n->key, n->height, n->size);
    dump(n->left, depth + 1);
}

int main(void) {
    Node *root = NULL;
    int added, removed, total_added = 0;
    for (int i = 0; i < 500; i++) {
        int key = (i * 7919) % 1009;
        root = insert(root, key, &added);
        total_added += added;
    }
    for (int i = 0; i < 50; i++) { root = insert(root, i * 3, &added); total_added += added; }
    printf("added=%d size=%d height=%d rotations=%d valid=%d\n", total_added, SIZE(root), HEIGHT(root), rotations,
           validate(root, -1, 100000));
    dump(root, 0);
    int nrem = 0;
    for (int k = 0; k < 1009; k += 4) { root = erase(root, k, &removed); nrem += removed; }
    printf("removed=%d size=%d height=%d valid=%d\n", nrem, SIZE(root), HEIGHT(root), validate(root, -1, 100000));
    struct PrintCtx ctx = { 0, 30, 0 };
    inorder(root, print_key, &ctx);
    printf("\ncount=%d sum=%ld\n", ctx.count, ctx.sum);
    int probes[] = { 0, 1, 10, 100, 200, SIZE(root) - 1, SIZE(root) };
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        printf("kth(%d)=%d  rank(%d)=%d\n", probes[i], kth(root, probes[i]), probes[i] * 3, rank_of(root, probes[i] * 3));
    free_tree(root);
    return 0;
}
