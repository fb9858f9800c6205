// expect-error: unsupported: va_arg of a 16-byte vector
#include <stdarg.h>
typedef int v4si __attribute__((vector_size(16)));
static int first(int n, ...) {
    va_list ap;
    va_start(ap, n);
    v4si v = va_arg(ap, v4si);
    va_end(ap);
    return v[0];
}
int main(void) {
    return first(1, (v4si){ 1, 2, 3, 4 });
}
