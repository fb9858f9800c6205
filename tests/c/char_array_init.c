#include <stdio.h>
#include <string.h>

char gs[] = "global";
char gfix[10] = "fix";
char gexact[3] = "abc";
const char *gp = "pointer";
char gmulti[2][6] = {"hi", "there"};

int main(void) {
    char a[] = "hello";
    char b[10] = "hi";
    char c[4] = "abc";
    char d[] = {'x', 'y', 'z', '\0'};
    char e[5] = {0};
    char f[] = "";
    printf("%s %zu %zu\n", a, sizeof(a), strlen(a));
    printf("%s %zu %zu\n", b, sizeof(b), strlen(b));
    for (int i = 0; i < 10; i++) printf("%d ", b[i]);
    printf("\n");
    printf("%s %zu\n", c, sizeof(c));
    printf("%s %zu\n", d, sizeof(d));
    printf("%d %zu\n", e[4], sizeof(e));
    printf("[%s] %zu\n", f, sizeof(f));
    printf("%s %zu %s %zu\n", gs, sizeof(gs), gfix, sizeof(gfix));
    printf("%c%c%c %zu\n", gexact[0], gexact[1], gexact[2], sizeof(gexact));
    printf("%s %zu\n", gp, sizeof(gp));
    printf("%s %s\n", gmulti[0], gmulti[1]);
    a[0] = 'j';
    printf("%s\n", a);
    gs[0] = 'G';
    printf("%s\n", gs);
    char with_nul[] = "ab\0cd";
    printf("%zu %zu %c\n", sizeof(with_nul), strlen(with_nul), with_nul[3]);
    char esc[] = "t\tn\\q\"";
    printf("%zu %s\n", sizeof(esc), esc);
    char cat[] = "con" "cat" "enated";
    printf("%s %zu\n", cat, sizeof(cat));
    static char st[8] = "static";
    st[6] = '!';
    printf("%s\n", st);
    unsigned char uc[] = "\xff\x80";
    printf("%d %d %d\n", uc[0], uc[1], uc[2]);
    signed char sc[] = "\xff";
    printf("%d\n", sc[0]);
    char big[64] = "prefix";
    strcat(big, "-suffix");
    printf("%s %zu\n", big, strlen(big));
    return 0;
}
