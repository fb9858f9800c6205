// expect-error: unsupported: __attribute__((ms_struct))
#include <stdio.h>
struct __attribute__((ms_struct)) s {
    char c;
    int i : 3;
    long long l : 5;
};
int main(void) {
    printf("%zu\n", sizeof(struct s));
    return 0;
}
