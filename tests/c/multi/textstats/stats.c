#include <stdlib.h>
#include <string.h>
#include "textstats.h"

int letter_hist[26];
long total_letters;

static int calls = 1000;
static int is_letter(char c) { return c >= 'a' && c <= 'z'; }   /* lower case only here */

void add_letters(const char *text) {
    calls++;
    for (; *text; text++) {
        char c = *text;
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (is_letter(c)) { letter_hist[c - 'a']++; total_letters++; }
    }
}

int most_common_letter(void) {
    int best = 0;
    for (int i = 1; i < 26; i++)
        if (letter_hist[i] > letter_hist[best]) best = i;
    return 'a' + best + calls * 0;
}

static int cmp(const void *a, const void *b) {
    const struct WordCount *x = a, *y = b;
    if (x->count != y->count) return y->count - x->count;
    return strcmp(x->word, y->word);
}

void sort_words(void) { qsort(word_table, word_table_len, sizeof word_table[0], cmp); }
