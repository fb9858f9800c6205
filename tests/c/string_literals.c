#include <stdio.h>
#include <string.h>

static const char *pick(int i) { return i ? "second" : "first"; }

int main(void) {
    printf("%s\n", "plain");
    printf("%s\n", "con" "cat" "enation");
    printf("%s\n", "multi"
                   "line"
                   " join");
    printf("%zu\n", sizeof("abc"));
    printf("%zu\n", sizeof("ab" "cd"));
    printf("%zu\n", strlen("with\0hidden"));
    printf("%zu\n", sizeof("with\0hidden"));
    printf("%c%c\n", "xyz"[0], "xyz"[2]);
    printf("%d\n", "xyz"[3]);
    const char *p = "pointer";
    printf("%s %s\n", p + 3, &p[5]);
    printf("%s %s\n", pick(0), pick(1));
    const char *same1 = "dup", *same2 = "dup";
    printf("%d\n", strcmp(same1, same2));
    char arr[] = "array " "copy";
    arr[0] = 'A';
    printf("%s\n", arr);
    const char *table[] = {"zero", "one", "two", "three"};
    for (int i = 3; i >= 0; i--) printf("%s%s", table[i], i ? "," : "\n");
    printf("%s\n", "");
    printf("[%s]\n", "" "");
    const char *long_str = "The quick brown fox jumps over the lazy dog. "
                           "Pack my box with five dozen liquor jugs.";
    int vowels = 0;
    for (const char *c = long_str; *c; c++)
        if (strchr("aeiouAEIOU", *c)) vowels++;
    printf("%zu %d\n", strlen(long_str), vowels);
    printf("%s\n", "tab\there" " and \"quotes\"" " and \\backslash");
    printf("%d\n", *"A" + 1);
    printf("%zu\n", sizeof(char *) == sizeof "1234567" ? (size_t)1 : (size_t)0);
    return 0;
}
