// inputs: 0 1 2 3  tags: state-machine, switch, parser, string, pointer-walk
#include <stdio.h>
#include <stdlib.h>

enum csv_state { FIELD_START, UNQUOTED, QUOTED, QUOTE_IN_QUOTED };

/* Counts fields per line of a CSV text; writes up to cap counts in per_line.
 * Returns number of lines, or -1 for an unterminated quoted field. */
int csv_field_count(const char *p, int *per_line, int cap, int *longest)
{
    enum csv_state st = FIELD_START;
    int lines = 0, fields = 0, flen = 0;
    *longest = 0;
    if (*p == '\0')
        return 0;
    for (;; p++) {
        char c = *p;
        switch (st) {
        case FIELD_START:
            flen = 0;
            if (c == '"') {
                st = QUOTED;
                break;
            }
            st = UNQUOTED;
            /* fall through */
        case UNQUOTED:
            if (c == ',' || c == '\n' || c == '\0') {
                fields++;
                if (flen > *longest)
                    *longest = flen;
                st = FIELD_START;
            } else {
                flen++;
            }
            break;
        case QUOTED:
            if (c == '\0')
                return -1;
            if (c == '"')
                st = QUOTE_IN_QUOTED;
            else
                flen++;
            break;
        case QUOTE_IN_QUOTED:
            if (c == '"') {
                flen++;
                st = QUOTED;
            } else if (c == ',' || c == '\n' || c == '\0') {
                fields++;
                if (flen > *longest)
                    *longest = flen;
                st = FIELD_START;
            } else {
                return -1;
            }
            break;
        }
        if ((c == '\n' || c == '\0') && st == FIELD_START) {
            if (lines < cap)
                per_line[lines] = fields;
            lines++;
            fields = 0;
        }
        if (c == '\0')
            break;
    }
    return lines;
}

int main(int argc, char **argv)
{
    int opt = atoi(argv[1]);
    int per[16];
    int longest = 0, i;
    const char *in[4] = {
        "",
        "a,b,c\n1,2,3\n,,",
        "name,quote\n\"Smith, J\",\"He said \"\"hi\"\"\"\nx,\"multi\nline\",z",
        "ok,\"unterminated"
    };
    if (opt < 0 || opt > 3)
        return 0;
    int n = csv_field_count(in[opt], per, 16, &longest);
    printf("lines=%d longest=%d\n", n, longest);
    for (i = 0; i < n && i < 16; i++)
        printf("line %d: %d fields\n", i, per[i]);
    return 0;
}
