/* offsetof with an index that is not a constant (GCC takes it and computes the offset at run time), as code sizes an object with a flexible array member for n elements: nissecc stopped with "expression is not a constant expression". Constant indices still fold. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct message { int length; short tags[4]; struct { char kind; double weight; } parts[3]; char data[]; };

static size_t size_for(int n) { return offsetof(struct message, data[n]); }

int main(void) {
    int i = 2;
    long j = -1;
    unsigned char k = 3;
    printf("%zu %zu %zu %zu\n", offsetof(struct message, tags[i]), offsetof(struct message, parts[i].weight), offsetof(struct message, parts[i + j].kind), offsetof(struct message, tags[k]));
    struct message *m = malloc(size_for(10));
    m->length = 10;
    for (int n = 0; n < m->length; n++) m->data[n] = (char)('a' + n);
    printf("%zu %zu %.*s\n", size_for(0), size_for(10), m->length, m->data);
    free(m);
    static const size_t fixed = offsetof(struct message, parts[1].weight);
    printf("%zu %zu\n", fixed, sizeof(char[offsetof(struct message, tags[3])]));
    return 0;
}
