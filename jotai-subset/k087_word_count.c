// inputs: 0 1 2 3  tags: pointer-walk, switch, state-machine, string, struct
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wc_stats {
    long lines;
    long words;
    long chars;
    long longest_line;
    long longest_word;
};

/* wc-like counter: walks the string once, tracking word/line state. */
void word_count(const char *s, struct wc_stats *st)
{
    int in_word = 0;
    long cur_line = 0, cur_word = 0;
    st->lines = st->words = st->chars = st->longest_line = st->longest_word = 0;
    while (*s) {
        char c = *s++;
        st->chars++;
        switch (c) {
        case '\n':
            st->lines++;
            if (cur_line > st->longest_line) st->longest_line = cur_line;
            cur_line = 0;
            /* fall through */
        case ' ':
        case '\t':
        case '\r':
            if (in_word && cur_word > st->longest_word) st->longest_word = cur_word;
            in_word = 0;
            cur_word = 0;
            if (c != '\n') cur_line++;
            break;
        default:
            if (!in_word) {
                st->words++;
                in_word = 1;
            }
            cur_word++;
            cur_line++;
            break;
        }
    }
    if (in_word && cur_word > st->longest_word) st->longest_word = cur_word;
    if (cur_line > st->longest_line) st->longest_line = cur_line;
}

static void show(const char *label, const char *s)
{
    struct wc_stats st;
    word_count(s, &st);
    printf("%s: lines=%ld words=%ld chars=%ld longest_line=%ld longest_word=%ld\n",
           label, st.lines, st.words, st.chars, st.longest_line, st.longest_word);
}

int main(int argc, char **argv)
{
    if (argc < 2) return 0;
    int opt = atoi(argv[1]);
    switch (opt) {
    case 0:
        show("empty", "");
        break;
    case 1:
        show("text", "the quick  brown fox\njumps over\tthe lazy dog\n\nend");
        break;
    case 2:
        show("spaces", "   \n\t \r\n   ");
        break;
    case 3: {
        int n = 20000;
        char *buf = malloc((size_t)n + 1);
        unsigned seed = 5u;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) % 100;
            buf[i] = r < 15 ? ' ' : r < 18 ? '\n' : r < 19 ? '\t' : (char)('a' + r % 26);
        }
        buf[n] = '\0';
        show("random", buf);
        free(buf);
        break;
    }
    default:
        printf("unknown input\n");
    }
    return 0;
}
