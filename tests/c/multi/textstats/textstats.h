#ifndef TEXTSTATS_H
#define TEXTSTATS_H

struct WordCount { char word[16]; int count; };

/* words.c */
extern struct WordCount word_table[64];
extern int word_table_len;
void add_words(const char *text);
int count_of(const char *word);

/* stats.c */
extern int letter_hist[26];
extern long total_letters;
void add_letters(const char *text);
int most_common_letter(void);
void sort_words(void);

#endif
