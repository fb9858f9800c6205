// inputs: 0 1 2 3  tags: state-machine, pointer-walk, string, conditionals, struct
#include <stdio.h>
#include <stdlib.h>

struct wstats {
    int words;
    int lines;
    int longest;
    int upper_start;
};

/* wc-like word statistics using an in/out-of-word state. */
void word_stats(const char *p, struct wstats *st)
{
    int in_word = 0, len = 0;
    st->words = st->lines = st->longest = st->upper_start = 0;
    for (;; p++) {
        char c = *p;
        int is_space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0';
        if (c == '\n')
            st->lines++;
        if (in_word) {
            if (is_space) {
                in_word = 0;
                if (len > st->longest)
                    st->longest = len;
            } else {
                len++;
            }
        } else if (!is_space) {
            in_word = 1;
            len = 1;
            st->words++;
            if (c >= 'A' && c <= 'Z')
                st->upper_start++;
        }
        if (c == '\0')
            break;
    }
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    const char *in[4] = {
        "",
        "   \t\n  ",
        "Hello world\nthis is  a Test\n",
        "The Quick brown\tfox\r\njumps over the lazy dog; Antidisestablishmentarianism!"
    };
    struct wstats st;
    if (opt < 0 || opt > 3)
        return 0;
    word_stats(in[opt], &st);
    printf("words=%d lines=%d longest=%d upper=%d\n", st.words, st.lines, st.longest, st.upper_start);
    return 0;
}
