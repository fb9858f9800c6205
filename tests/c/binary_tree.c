#include <stdio.h>
#include <stdlib.h>

struct Tree { int key; int count; struct Tree *left, *right; };

static struct Tree *insert(struct Tree *t, int key) {
    if (!t) {
        t = malloc(sizeof *t);
        t->key = key; t->count = 1; t->left = t->right = NULL;
    } else if (key < t->key) t->left = insert(t->left, key);
    else if (key > t->key) t->right = insert(t->right, key);
    else t->count++;
    return t;
}

static void inorder(const struct Tree *t) {
    if (!t) return;
    inorder(t->left);
    printf("%d", t->key);
    if (t->count > 1) printf("x%d", t->count);
    putchar(' ');
    inorder(t->right);
}

static int height(const struct Tree *t) {
    if (!t) return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static int size(const struct Tree *t) { return t ? 1 + size(t->left) + size(t->right) : 0; }

static const struct Tree *find(const struct Tree *t, int key) {
    while (t && t->key != key) t = key < t->key ? t->left : t->right;
    return t;
}

static void free_tree(struct Tree *t) {
    if (!t) return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}

static void level_order(struct Tree *root) {
    struct Tree *queue[64];
    int head = 0, tail = 0;
    queue[tail++] = root;
    while (head < tail) {
        struct Tree *n = queue[head++];
        printf("%d ", n->key);
        if (n->left) queue[tail++] = n->left;
        if (n->right) queue[tail++] = n->right;
    }
    printf("\n");
}

int main(void) {
    int keys[] = {50, 30, 70, 20, 40, 60, 80, 30, 65, 10, 45, 50, 50, 85, 75};
    struct Tree *root = NULL;
    for (int i = 0; i < 15; i++) root = insert(root, keys[i]);
    inorder(root);
    printf("\nheight=%d size=%d\n", height(root), size(root));
    level_order(root);
    int q[] = {45, 50, 55, 10, 100};
    for (int i = 0; i < 5; i++) {
        const struct Tree *f = find(root, q[i]);
        printf("%d:%d ", q[i], f ? f->count : 0);
    }
    printf("\n");
    free_tree(root);
    struct Tree *chain = NULL;
    for (int i = 0; i < 20; i++) chain = insert(chain, i);
    printf("chain height=%d\n", height(chain));
    free_tree(chain);
    return 0;
}
