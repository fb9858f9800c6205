#include <string.h>
#include "textstats.h"

struct WordCount word_table[64];
int word_table_len;

/* file-local state with the same names as in stats.c */
static int calls;
static int is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c; }

void add_words(const char *text) {
    calls++;
    while (*text) {
        while (*text && !is_letter(*text)) text++;
        char w[16];
        int n = 0;
        while (is_letter(*text)) {
            if (n < 15) w[n++] = lower(*text);
            text++;
        }
        if (!n) continue;
        w[n] = 0;
        int i;
        for (i = 0; i < word_table_len; i++)
            if (strcmp(word_table[i].word, w) == 0) break;
        if (i == word_table_len) {
            strcpy(word_table[i].word, w);
            word_table[i].count = 0;
            word_table_len++;
        }
        word_table[i].count++;
    }
}

int count_of(const char *word) {
    for (int i = 0; i < word_table_len; i++)
        if (strcmp(word_table[i].word, word) == 0) return word_table[i].count * 1000 + calls;
    return calls;
}
