/* Trie with insertion, deletion, prefix counting and lexicographic autocomplete. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define ALPHA 26

typedef struct TrieNode {
    struct TrieNode *child[ALPHA];
    int terminal;
    int pass_count;
    unsigned freq;
} TrieNode;

static int nodes_alloc;

static TrieNode *node_new(void) {
    nodes_alloc++;
    return calloc(1, sizeof(TrieNode));
}

static int trie_insert(TrieNode *root, const char *w, unsigned freq) {
    TrieNode *n = root;
    for (const char *p = w; *p; p++) {
        if (!islower((unsigned char)*p)) return 0;
        int c = *p - 'a';
        if (!n->child[c]) n->child[c] = node_new();
        n = n->child[c];
    }
    if (n->terminal) { n->freq += freq; return 0; }
    n = root;
    root->pass_count++;
    for (const char *p = w; *p; p++) { n = n->child[*p - 'a']; n->pass_count++; }
    n->terminal = 1;
    n->freq = freq;
    return 1;
}

static const TrieNode *trie_find(const TrieNode *root, const char *prefix) {
    const TrieNode *n = root;
    while (n && *prefix) {
        if (!islower((unsigned char)*prefix)) return NULL;
        n = n->child[*prefix++ - 'a'];
    }
    return n;
}

static int trie_delete(TrieNode *n, const char *w, int *deleted) {
    /* returns 1 if node n can be freed */
    if (!*w) {
        if (!n->terminal) return 0;
        n->terminal = 0;
        n->freq = 0;
        *deleted = 1;
    } else {
        int c = *w - 'a';
        if (!n->child[c]) return 0;
        if (trie_delete(n->child[c], w + 1, deleted)) {
            free(n->child[c]);
            n->child[c] = NULL;
            nodes_alloc--;
        }
    }
    if (*deleted) n->pass_count--;
    if (n->terminal) return 0;
    for (int i = 0; i < ALPHA; i++) if (n->child[i]) return 0;
    return 1;
}

struct Collect { char words[16][24]; unsigned freq[16]; int n, max; };

static void collect(const TrieNode *n, char *buf, int depth, struct Collect *out) {
    if (out->n >= out->max) return;
    if (n->terminal) {
        buf[depth] = 0;
        strcpy(out->words[out->n], buf);
        out->freq[out->n] = n->freq;
        out->n++;
    }
    for (int i = 0; i < ALPHA; i++)
        if (n->child[i]) {
            buf[depth] = (char)('a' + i);
            collect(n->child[i], buf, depth + 1, out);
        }
}

static void autocomplete(const TrieNode *root, const char *prefix, int max) {
    const TrieNode *n = trie_find(root, prefix);
    printf("'%s' (%d words):", prefix, n ? n->pass_count : 0);
    if (!n) { printf(" <none>\n"); return; }
    struct Collect out;
    out.n = 0;
    out.max = max;
    char buf[24];
    strcpy(buf, prefix);
    collect(n, buf, (int)strlen(prefix), &out);
    for (int i = 0; i < out.n; i++) printf(" %s(%u)", out.words[i], out.freq[i]);
    putchar('\n');
}

static void free_trie(TrieNode *n) {
    for (int i = 0; i < ALPHA; i++) if (n->child[i]) free_trie(n->child[i]);
    free(n);
}

int main(void) {
    TrieNode *root = node_new();
    static const char *const words[] = {
        "car", "card", "care", "careful", "carefully", "cart", "carton", "cat", "catalog", "category", "cathedral",
        "dog", "dodge", "door", "dormant", "do", "done", "zebra", "zen", "zero", "car", "Cat", "with space", "",
    };
    int added = 0;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) added += trie_insert(root, words[i], (unsigned)(i * 7 % 11 + 1));
    printf("added=%d nodes=%d root.pass=%d\n", added, nodes_alloc, root->pass_count);
    const char *prefixes[] = { "car", "cat", "do", "z", "x", "careful", "", "dor" };
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) autocomplete(root, prefixes[i], 8);
    const char *dels[] = { "careful", "cart", "nothere", "do", "zen", "zebra", "zero", "car" };
    for (size_t i = 0; i < sizeof dels / sizeof *dels; i++) {
        int deleted = 0;
        if (trie_delete(root, dels[i], &deleted)) { /* never free root */ }
        printf("delete %-8s -> %d nodes=%d\n", dels[i], deleted, nodes_alloc);
    }
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) autocomplete(root, prefixes[i], 8);
    /* the empty string was inserted as a word at the root */
    printf("root terminal=%d\n", root->terminal);
    free_trie(root);
    return 0;
}
