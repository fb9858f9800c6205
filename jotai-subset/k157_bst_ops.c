// inputs: 0 1 2 3  tags: recursion, list-walk, while-loop, tree, early-return
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    int count;
    struct tnode *left, *right;
};

/* Insert key into an unbalanced BST iteratively (duplicates bump count).
   Returns the depth at which the key sits. */
int bst_insert(struct tnode **root, int key)
{
    int depth = 0;
    struct tnode **link = root;
    while (*link) {
        struct tnode *n = *link;
        if (key == n->key) {
            n->count++;
            return depth;
        }
        link = key < n->key ? &n->left : &n->right;
        depth++;
    }
    struct tnode *n = malloc(sizeof *n);
    n->key = key;
    n->count = 1;
    n->left = n->right = NULL;
    *link = n;
    return depth;
}

static int height(const struct tnode *n)
{
    if (!n) return 0;
    int a = height(n->left), b = height(n->right);
    return 1 + (a > b ? a : b);
}

static void inorder(const struct tnode *n, int *out, int *k, int cap)
{
    if (!n) return;
    inorder(n->left, out, k, cap);
    if (*k < cap) out[*k] = n->key;
    (*k)++;
    inorder(n->right, out, k, cap);
}

static void destroy(struct tnode *n)
{
    if (!n) return;
    destroy(n->left);
    destroy(n->right);
    free(n);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    struct tnode *root = NULL;
    int out[16], k = 0;
    switch (opt) {
    case 0:
        printf("height=%d\n", height(root));
        break;
    case 1: {
        int keys[10] = {50, 30, 70, 20, 40, 60, 80, 30, 65, 50};
        for (int i = 0; i < 10; i++) printf("%d@%d ", keys[i], bst_insert(&root, keys[i]));
        printf("\n");
        inorder(root, out, &k, 16);
        printf("height=%d n=%d:", height(root), k);
        for (int i = 0; i < k && i < 16; i++) printf(" %d", out[i]);
        printf(" root.count=%d\n", root->count);
        break;
    }
    case 2: {
        long dsum = 0;
        for (int i = 0; i < 300; i++) dsum += bst_insert(&root, i);   /* degenerate chain */
        inorder(root, out, &k, 16);
        printf("height=%d n=%d depthsum=%ld\n", height(root), k, dsum);
        break;
    }
    case 3: {
        unsigned seed = 1u;
        long dsum = 0;
        int maxd = 0;
        for (int i = 0; i < 35000; i++) {
            seed = seed * 1103515245u + 12345u;
            int d = bst_insert(&root, (int)((seed >> 4) % 200000u));
            dsum += d;
            if (d > maxd) maxd = d;
        }
        inorder(root, out, &k, 16);
        printf("height=%d n=%d depthsum=%ld maxdepth=%d first:", height(root), k, dsum, maxd);
        for (int i = 0; i < 8; i++) printf(" %d", out[i]);
        printf("\n");
        break;
    }
    default:
        printf("unknown input\n");
    }
    destroy(root);
    return 0;
}
