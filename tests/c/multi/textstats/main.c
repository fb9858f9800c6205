/* Multi-file test "textstats".
   Build: compile all .c files of this directory and link them together, e.g.
       nissecc main.c words.c stats.c -o textstats   (reference: gcc *.c -lm)
   Covers: extern arrays of structs and scalars defined in words.c / stats.c and used here,
   static variables and static functions with the same names (calls, is_letter) in two files,
   qsort with a static comparator in another file. */
#include <stdio.h>
#include "textstats.h"

static const char *texts[] = {
    "The cat sat on the mat. The mat was flat!",
    "A cat, a hat, and THE bat; that is all.",
    "Flat hats for cats: the end.",
};

int main(void) {
    for (int i = 0; i < 3; i++) {
        add_words(texts[i]);
        add_letters(texts[i]);
    }
    printf("words=%d letters=%ld common=%c\n", word_table_len, total_letters, most_common_letter());
    printf("the=%d cat=%d dog=%d\n", count_of("the"), count_of("cat"), count_of("dog"));
    sort_words();
    for (int i = 0; i < word_table_len && i < 8; i++)
        printf("%s:%d ", word_table[i].word, word_table[i].count);
    printf("\n");
    for (int i = 0; i < 26; i++)
        if (letter_hist[i]) printf("%c%d", 'a' + i, letter_hist[i]);
    printf("\n");
    return word_table_len;
}
