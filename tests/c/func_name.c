#include <stdio.h>
#include <string.h>

static const char *who(void) { return __func__; }
static void report(const char *caller) { printf("called from %s\n", caller); }
static void alpha(void) { report(__func__); }
static int beta_function(void) { return (int)strlen(__func__); }
static size_t size_of_name(void) { return sizeof(__func__); }

int main(void) {
    printf("%s\n", __func__);
    printf("%s\n", who());
    alpha();
    printf("%d\n", beta_function());
    printf("%zu\n", size_of_name());
    printf("%c\n", __func__[1]);
    printf("%zu\n", sizeof(__func__));
    {
        printf("%s in block\n", __func__);
    }
    return 0;
}
