// inputs: 0 1 2 3  tags: recursion, tree, struct, while-loop
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left, *right;
};

int tree_depth(const struct tnode *t)
{
    if (t == NULL)
        return 0;
    int l = tree_depth(t->left);
    int r = tree_depth(t->right);
    return 1 + (l > r ? l : r);
}

static struct tnode *insert(struct tnode *root, int key)
{
    struct tnode **pp = &root;
    while (*pp) {
        if (key < (*pp)->key)
            pp = &(*pp)->left;
        else if (key > (*pp)->key)
            pp = &(*pp)->right;
        else
            return root;
    }
    *pp = malloc(sizeof **pp);
    (*pp)->key = key;
    (*pp)->left = (*pp)->right = NULL;
    return root;
}

static int count_free(struct tnode *t)
{
    if (!t)
        return 0;
    int n = 1 + count_free(t->left) + count_free(t->right);
    free(t);
    return n;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    struct tnode *root = NULL;
    int i;
    switch (opt) {
    case 0:
        printf("depth=%d\n", tree_depth(root));
        break;
    case 1:
        for (i = 0; i < 10; i++)
            root = insert(root, i);
        printf("depth=%d\n", tree_depth(root));
        break;
    case 2: {
        int keys[15] = { 8, 4, 12, 2, 6, 10, 14, 1, 3, 5, 7, 9, 11, 13, 15 };
        for (i = 0; i < 15; i++)
            root = insert(root, keys[i]);
        printf("depth=%d\n", tree_depth(root));
        printf("left=%d right=%d\n", tree_depth(root->left), tree_depth(root->right));
        break;
    }
    case 3: {
        unsigned s = 8u;
        for (i = 0; i < 3000; i++) {
            s = s * 1103515245u + 12345u;
            root = insert(root, (int)((s >> 16) % 5000u));
        }
        printf("depth=%d\n", tree_depth(root));
        break;
    }
    }
    printf("nodes=%d\n", count_free(root));
    return 0;
}
