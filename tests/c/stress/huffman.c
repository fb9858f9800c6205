/* Huffman coding: frequency count, tree build with a min-heap, code table, encode/decode bitstream. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

typedef struct HNode {
    unsigned freq;
    int sym;                 /* -1 for internal */
    int order;               /* tie breaker */
    struct HNode *l, *r;
} HNode;

static HNode pool[512];
static int npool;
static HNode *heap[256];
static int nheap;

static int hless(const HNode *a, const HNode *b) { return a->freq != b->freq ? a->freq < b->freq : a->order < b->order; }

static void hpush(HNode *n) {
    int i = nheap++;
    while (i && hless(n, heap[(i - 1) / 2])) { heap[i] = heap[(i - 1) / 2]; i = (i - 1) / 2; }
    heap[i] = n;
}

static HNode *hpop(void) {
    HNode *top = heap[0], *last = heap[--nheap];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= nheap) break;
        if (c + 1 < nheap && hless(heap[c + 1], heap[c])) c++;
        if (!hless(heap[c], last)) break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
    return top;
}

static char codes[256][32];
static int codelen[256];

static void assign(const HNode *n, char *prefix, int depth) {
    if (n->sym >= 0) {
        if (depth == 0) prefix[depth++] = '0';
        prefix[depth] = 0;
        strcpy(codes[n->sym], prefix);
        codelen[n->sym] = depth;
        return;
    }
    prefix[depth] = '0'; assign(n->l, prefix, depth + 1);
    prefix[depth] = '1'; assign(n->r, prefix, depth + 1);
}

typedef struct { unsigned char *buf; size_t bits; } BitWriter;
static void put_bit(BitWriter *w, int b) {
    if (b) w->buf[w->bits >> 3] |= (unsigned char)(0x80u >> (w->bits & 7));
    w->bits++;
}
static int get_bit(const unsigned char *buf, size_t i) { return (buf[i >> 3] >> (7 - (i & 7))) & 1; }

static void run(const char *msg) {
    unsigned freq[256] = { 0 };
    size_t len = strlen(msg);
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++) freq[*p]++;
    npool = nheap = 0;
    memset(codes, 0, sizeof codes);
    memset(codelen, 0, sizeof codelen);
    for (int s = 0; s < 256; s++)
        if (freq[s]) {
            HNode *n = &pool[npool];
            n->freq = freq[s]; n->sym = s; n->order = npool; n->l = n->r = NULL;
            npool++;
            hpush(n);
        }
    if (nheap == 0) { printf("empty message\n"); return; }
    while (nheap > 1) {
        HNode *a = hpop(), *b = hpop();
        HNode *n = &pool[npool];
        n->freq = a->freq + b->freq; n->sym = -1; n->order = npool; n->l = a; n->r = b;
        npool++;
        hpush(n);
    }
    HNode *root = hpop();
    char prefix[64];
    assign(root, prefix, 0);
    size_t total_bits = 0;
    printf("message: \"%.40s%s\" (%zu bytes)\n", msg, len > 40 ? "..." : "", len);
    for (int s = 0; s < 256; s++)
        if (freq[s]) {
            total_bits += (size_t)freq[s] * (size_t)codelen[s];
            if (s >= 32 && s < 127) printf("  '%c' x%-3u %s\n", s, freq[s], codes[s]);
            else printf("  0x%02x x%-3u %s\n", s, freq[s], codes[s]);
        }
    unsigned char *out = calloc((total_bits + 7) / 8 + 1, 1);
    BitWriter w = { out, 0 };
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
        for (const char *c = codes[*p]; *c; c++) put_bit(&w, *c == '1');
    printf("  encoded %zu bits (%.2f bits/symbol), first bytes:", w.bits, (double)w.bits / (double)len);
    for (size_t i = 0; i < (w.bits + 7) / 8 && i < 12; i++) printf(" %02x", out[i]);
    putchar('\n');
    char *dec = malloc(len + 1);
    size_t di = 0, bi = 0;
    while (di < len) {
        const HNode *n = root;
        if (n->sym >= 0) { bi++; dec[di++] = (char)n->sym; continue; }
        while (n->sym < 0) n = get_bit(out, bi++) ? n->r : n->l;
        dec[di++] = (char)n->sym;
    }
    dec[di] = 0;
    printf("  decode %s, consumed %zu bits\n", strcmp(dec, msg) == 0 ? "OK" : "MISMATCH", bi);
    free(dec);
    free(out);
}

int main(void) {
    run("this is an example of a huffman tree");
    run("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab");
    run("zzzz");
    run("The quick brown fox jumps over the lazy dog. THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG!\n\t0123456789");
    char all[200];
    for (int i = 0; i < 199; i++) all[i] = (char)(1 + (i * i + 3 * i) % 127);
    all[199] = 0;
    run(all);
    return 0;
}
